import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '@ov/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app under /oficina_virtual: real files when they exist, index.html for every
 * other path so client-side routes survive a reload. Hashed assets are cached for a year.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, { root: webDist, serve: false });
  const indexFile = path.join(webDist, 'index.html');

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
    reply.redirect(`${BASE_PATH}/`),
  );
  app.get(BASE_PATH, { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
    reply.redirect(`${BASE_PATH}/`),
  );
  app.get(`${BASE_PATH}/*`, { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
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
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      return reply.sendFile(path.relative(webDist, target), { cacheControl: false });
    }
    if (path.extname(rel) && rel.startsWith('assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}
