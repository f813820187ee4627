import { getSession } from './session';
import { STORAGE_KEYS, storage } from './storage-keys';
import { API_BASE } from './urls';

/** A read the page will make on its first render: a GET, or a POST (the ledger's reads) with its body. */
export interface EarlyCall {
  path: string;
  /** The JSON body of a POST read, exactly as the page's call sends it; absent for a GET. */
  body?: unknown;
}

interface Pending {
  token: string;
  startedAt: number;
  response: Promise<Response | null>;
}

/** An early answer not taken within this time is dropped: the page asks again, fresh. */
const MAX_AGE_MS = 30_000;
const pending = new Map<string, Pending>();

function keyOf(method: string, path: string, body: unknown): string {
  return body === undefined ? `${method} ${path}` : `${method} ${path} ${JSON.stringify(body)}`;
}

/**
 * A signed-in visit asks, from the entry, for what its first screen needs (the profile, the feature
 * switches, the page's data) while the signed-in area's and the page's chunks are still on their way:
 * one wave of requests instead of three on a slow network. The API client takes each answer once, when
 * the page makes the same call with the same token (`takeEarlyCall`), and otherwise calls as usual.
 * Only with an access token valid for 30 s more: a refresh is left to the normal call.
 */
export function startEarlyCalls(calls: readonly EarlyCall[], language: string, now = Date.now()): void {
  const session = getSession();
  const expiresAt = Number(storage.get(STORAGE_KEYS.expiresAt));
  if (!session || !(expiresAt > now + 30_000) || typeof fetch !== 'function') return;
  for (const { path, body } of calls) {
    const method = body === undefined ? 'GET' : 'POST';
    const key = keyOf(method, path, body);
    if (pending.has(key)) continue;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language,
      Authorization: `Bearer ${session.accessToken}`,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => null);
    pending.set(key, { token: session.accessToken, startedAt: now, response });
  }
}

/**
 * The early answer to this call, once: only when it was started with the same token less than 30 s
 * ago. Resolves null when the early request failed on the network (the caller then sends its own).
 */
export function takeEarlyCall(
  method: string,
  path: string,
  body: unknown,
  token: string | undefined,
  now = Date.now(),
): Promise<Response | null> | null {
  if (pending.size === 0) return null;
  const key = keyOf(method, path, body);
  const early = pending.get(key);
  if (!early) return null;
  pending.delete(key);
  if (early.token !== token || now - early.startedAt > MAX_AGE_MS) return null;
  return early.response;
}

/** Forget every early call (tests; otherwise a call is dropped when taken, or unused after 30 s). */
export function dropEarlyCalls(): void {
  pending.clear();
}
