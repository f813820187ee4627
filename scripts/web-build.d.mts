/** What the web build reads, relative to the repository's root. */
export const WEB_SOURCES: readonly string[];
/** The file beside the build holding the hash of its sources. */
export const HASH_FILE: string;
/** The hash of the web app's sources under `root`. */
export function sourceHash(root: string, sources?: readonly string[]): string;
/** Why `dist` must be built again for sources hashing to `hash`, or null when it is current. */
export function buildReason(dist: string, hash: string): string | null;
/** Marks `dist` as built from sources hashing to `hash`. */
export function recordBuild(dist: string, hash: string): void;
