import { matchPath } from 'react-router';
import { type EarlyCall, startEarlyCalls } from '../lib/early-calls';
import { getSession } from '../lib/session';
import { BASE_PATH } from '../lib/urls';
import { lazyPage } from './lazy-page';
import { PRIVATE_ROUTES } from './route-table';
import type { RoutePage } from './route-types';

/** Everything a signed-in user sees (the shell, TanStack Query, the toasts): a chunk of its own. */
export const PrivateApp = lazyPage(() => import('./private-app'));

let chunks: Promise<unknown> | undefined;
let chunksLoaded = false;

/** Whether the signed-in area's chunk and the opened page's have arrived (or failed). */
export function signedInChunksLoaded(): boolean {
  return chunksLoaded;
}

/**
 * The signed-in area's chunk and the opened page's, once they have arrived (or failed: the page's
 * own import reports a failure when it renders), and then the first screen's reads in the area's
 * query cache (`prepareSignedIn`). Started by `startSignedInLoad`, or here after a sign-in.
 */
export function signedInChunks(): Promise<unknown> {
  chunks ??= startChunks(undefined, {}, new URLSearchParams());
  return chunks;
}

function startChunks(
  page: RoutePage | undefined,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
): Promise<unknown> {
  return Promise.allSettled([PrivateApp.preload(), page?.preload?.()])
    .then(() => import('./private-app'))
    .then((area) => area.prepareSignedIn(page, params, search))
    .catch(() => undefined)
    .then(() => {
      chunksLoaded = true;
    });
}

/** What every signed-in screen asks for first: the profile and the feature switches. */
const FIRST_CALLS: readonly EarlyCall[] = [{ path: '/users/me' }, { path: '/config' }];

/** The address's path under the base path ('/clientCodes/2300000000001'). */
function routePath(pathname: string): string {
  return pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || '/' : pathname;
}

/**
 * A signed-in visit starts at once, from the entry and in parallel, what its first screen needs: the
 * signed-in area's chunk, the chunk of the page being opened, the profile, the feature switches and
 * the page's own reads (its route's `early`). Without this they would come in three waves (the area,
 * then the page once the area has rendered, then its data once the page has rendered). Once the
 * chunks are in, the reads go into the area's query cache before it renders (`prepareSignedIn`).
 */
export function startSignedInLoad(location: Pick<Location, 'pathname' | 'search'>, language: string): void {
  if (!getSession()) return;
  const path = routePath(location.pathname);
  let route: (typeof PRIVATE_ROUTES)[number] | undefined;
  let params: Readonly<Record<string, string | undefined>> = {};
  for (const entry of PRIVATE_ROUTES) {
    const match = matchPath({ path: entry.path, end: true }, path);
    if (match) {
      route = entry;
      params = match.params;
      break;
    }
  }
  const search = new URLSearchParams(location.search);
  const pageCalls = route?.early ? route.early(params, search) : [];
  // The data first: on HTTP/1.1 (six connections per host) calls asked after the chunks wait for a
  // connection behind them, and their answers are small.
  startEarlyCalls([...FIRST_CALLS, ...pageCalls], language);
  chunks = startChunks(route?.page, params, search);
}
