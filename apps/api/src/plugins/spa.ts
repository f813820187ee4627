import { existsSync } from 'node:fs';
import path from 'node:path';
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
    return reply.sendFile('index.html');
  });
}
