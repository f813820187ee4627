import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '@ov/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files the build leaves a `.br` and `.gz` copy of (apps/web/vite.config.ts `precompress`). */
/** Where the build's hashed files are served (security-headers.ts gives them their own headers too). */
export const ASSETS = `${BASE_PATH}/assets/`;

/**
 * What a hashed build file does without: it is never revalidated (`immutable`, and a new build has new
 * names), never asked for in ranges, and a request id on it would only be noise. ≈150 bytes off each
 * of a page's 40–60 responses (docs/web-performance.md). index.html, the service worker and the
 * manifest keep their ETag: the browser revalidates them.
 */
const NEEDLESS_ON_ASSETS = ['etag', 'last-modified', 'accept-ranges', 'x-request-id'];

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

/** What the web build writes beside index.html (apps/web/build/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface RoutePreload {
  /** A route of the web app under the base path, `:name` for one segment ('/clientCodes/:cc'). */
  path: string;
  /** The chunks its first screen needs beyond the entry, relative to the build ('assets/…js'). */
  files: string[];
}

/** index.html with a route's modulepreloads, as sent: the text, its ETag and its compressed copies. */
interface PreloadedIndex {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

function routeMatches(pattern: string, rel: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = rel.split('/').filter(Boolean);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/**
 * index.html for a signed-in route the build listed (`route-preloads.json`): the same page with a
 * `<link rel="modulepreload">` for each chunk of the route's first screen (the signed-in area's and
 * the page's), so the browser fetches them as soon as a connection is free instead of once the entry
 * has run (one wave less on a slow network: docs/web-performance.md). At low priority: the entry,
 * React and the stylesheet come first (they draw the first paint, the signed-in frame); at the
 * default (high) they shared the connections and the bandwidth with them and the first paint came
 * later. The same text for everyone asking for that address (no user data: the session is in the
 * browser's storage), so it keeps index.html's caching. Built once per build and route.
 */
function preloadedIndex(webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const listFile = path.join(webDist, ROUTE_PRELOADS_FILE);
  let built: { stamp: string; routes: RoutePreload[]; pages: Map<string, PreloadedIndex> } | undefined;
  return (rel: string): PreloadedIndex | undefined => {
    if (!existsSync(listFile)) return undefined;
    const stamp = `${statSync(indexFile).mtimeMs}:${statSync(listFile).mtimeMs}`;
    if (built?.stamp !== stamp) {
      const { routes } = JSON.parse(readFileSync(listFile, 'utf8')) as { routes: RoutePreload[] };
      built = { stamp, routes, pages: new Map() };
    }
    const route = built.routes.find((r) => routeMatches(r.path, rel));
    if (!route) return undefined;
    let page = built.pages.get(route.path);
    if (!page) {
      const links = route.files
        .map(
          (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${BASE_PATH}/${file}">`,
        )
        .join('\n    ');
      const index = readFileSync(indexFile, 'utf8');
      const html = index.includes('</head>') ? index.replace('</head>', `  ${links}\n  </head>`) : index;
      const bytes = Buffer.from(html);
      page = {
        html,
        etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
        br: brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip: gzipSync(bytes, { level: 9 }),
      };
      built.pages.set(route.path, page);
    }
    return page;
  };
}

/** The encoding to send among `br` and `gzip` by the request's Accept-Encoding (none when neither). */
function encodingFor(accept: string | undefined): 'br' | 'gzip' | undefined {
  const offered = (accept ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (offered.includes('br')) return 'br';
  return offered.includes('gzip') ? 'gzip' : undefined;
}

/**
 * Serves the built web app under /oficina_virtual: real files when they exist, index.html for every
 * other path so client-side routes survive a reload. Hashed assets are cached for a year.
 *
 * Text files are sent as the brotli or gzip copy the build made beside them, whichever the browser
 * accepts (`preCompressed`; the plain file otherwise), with `Vary: Accept-Encoding` so a shared
 * cache keeps one copy per encoding. Nothing here is compressed per request (`compress: false`).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  // cacheControl at plugin level: the fallback from a missing .br to .gz to the plain file drops
  // per-call options, and send's default `max-age=0` would replace ours.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
  });
  const indexFile = path.join(webDist, 'index.html');
  const preloaded = preloadedIndex(webDist);
  const route = { config: { access: 'public' }, schema: { hide: true }, compress: false } as const;
  const files = {
    ...route,
    onSend: (
      req: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, body: unknown) => void,
    ) => {
      if (reply.statusCode === 200 && req.url.startsWith(ASSETS)) {
        for (const name of NEEDLESS_ON_ASSETS) reply.removeHeader(name);
      }
      done(null, payload);
    },
  };

  app.get('/', route, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
  app.get(BASE_PATH, route, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
  app.get(`${BASE_PATH}/*`, files, (req, reply) => {
    if (!existsSync(indexFile)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está construida: ejecute `npm run build`.');
    }
    const rel = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
    const target = path.normalize(path.join(webDist, rel));
    const inside = target.startsWith(webDist + path.sep);
    if (rel && inside && existsSync(target) && !target.endsWith(path.sep)) {
      const immutable = rel.startsWith('assets/');
      // The service worker and the manifest are checked on every visit (an update must not wait
      // for a cached copy to expire); the browser revalidates them with the ETag.
      const revalidate = rel === 'sw.js' || rel === 'manifest.webmanifest';
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=300',
      );
      if (COMPRESSIBLE.test(rel)) reply.header('vary', 'accept-encoding');
      return reply.sendFile(path.relative(webDist, target));
    }
    if (path.extname(rel) && rel.startsWith('assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    const page = preloaded(rel);
    if (!page) return reply.sendFile('index.html');
    reply.header('etag', page.etag);
    if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    const encoding = encodingFor(req.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : page.gzip);
  });
}
