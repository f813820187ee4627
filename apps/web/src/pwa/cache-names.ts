/**
 * Names shared by the service worker (`sw.ts`) and the page. Bump a name's version to drop what an
 * older worker kept under it.
 */

/** The customer's own data (client codes, debts, receipts, profile): emptied at sign-out. */
export const PERSONAL_CACHE = 'ov-personal-v1';
/** Hashed build files the pages fetched (code, styles): nothing personal. */
export const ASSETS_CACHE = 'ov-assets-v1';
/** Set by the worker on an answer it stored: when the data was received (ISO 8601). */
export const RECEIVED_AT_HEADER = 'x-ov-received-at';
/** Set by the worker on an answer it gives from its store because the network failed. */
export const OFFLINE_HEADER = 'x-ov-offline';
/** The message the page sends to let a waiting new version take over. */
export const SKIP_WAITING = 'ov-skip-waiting';
