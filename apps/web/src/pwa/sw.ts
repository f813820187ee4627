/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, `injectManifest`): the app's shell is precached, the
 * code and styles of the pages visited are kept as they are fetched, and the customer's own data
 * (client codes, debts, receipts, profile) is fetched network first and kept for when the network
 * fails, marked with the time it was received. Nothing personal is precached; the page empties the
 * personal cache at sign-out (`lib/personal-cache.ts`).
 */
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  OFFLINE_HEADER,
  PERSONAL_CACHE,
  RECEIVED_AT_HEADER,
  SKIP_WAITING,
} from './cache-names';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const BASE = new URL(self.registration.scope).pathname; // '/oficina_virtual/'

clientsClaim();

// Pages: the network's index.html (so a deployment shows at once), the precached one offline.
// Registered before the precache's own route, which would answer `/oficina_virtual/` from the cache.
registerRoute(
  new NavigationRoute(
    async ({ request }: RouteHandlerCallbackOptions) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache(`${BASE}index.html`);
        if (shell) return shell;
        throw error;
      }
    },
    { allowlist: [new RegExp(`^${BASE}`)] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

// Hashed build files never change: the copy kept when a page first needed it.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith(`${BASE}assets/`) &&
    request.method === 'GET',
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 250, purgeOnQuotaError: true })],
  }),
);

/** The customer's data asked with POST (the ledger's calls take the client code in the body). */
const PERSONAL_POST =
  /^\/api\/(ahab-requests\/(my-ccs|invoice-cc|debts-ccs|debts-invoice|total-debt|advance-balance|account-summary|consumption)|payments\/search)$/;
/** … and with GET: the profile, the app's settings, one payment (a receipt). */
const PERSONAL_GET = /^\/api\/(users\/me|config|payments\/[^/.]+)$/;

/**
 * Cache keys without headers (the token changes at every refresh): the URL, and for a POST the URL
 * with its body, which the route handler read before the request was sent (`params.key`).
 */
const keyPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request, params }) => {
    const key = (params as { key?: string } | undefined)?.key;
    return new Request(key ?? request.url);
  },
};

/** Stores only complete answers, stamped with when they arrived; marks the ones given offline. */
const stampPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(RECEIVED_AT_HEADER, new Date().toISOString());
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_HEADER, headers.get(RECEIVED_AT_HEADER) ?? '');
    return new Response(await cachedResponse.blob(), { status: 200, headers });
  },
};

const personal = new NetworkFirst({
  cacheName: PERSONAL_CACHE,
  plugins: [keyPlugin, stampPlugin],
  matchOptions: { ignoreVary: true },
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Only the signed-in app's calls (they carry the token) are kept: the public pages read /api/config
// too, and an anonymous answer kept in the personal cache would outlive the sign-out that empties it.
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) && PERSONAL_GET.test(url.pathname) && request.headers.has('authorization'),
  personal,
  'GET',
);

registerRoute(
  ({ url }) => sameOrigin(url) && PERSONAL_POST.test(url.pathname),
  async ({ request, event }) => {
    const body = await request.clone().text();
    const key = `${request.url}?body=${encodeURIComponent(body)}`;
    return personal.handle({ event, request, params: { key } });
  },
  'POST',
);
