import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { ASSETS } from './spa';

/**
 * Scripts only from our origin (the SPA ships no inline script); styles may be inline because
 * Ant Design injects its CSS-in-JS at run time. No framing anywhere.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

/**
 * The headers helmet sets with OPTIONS, worked out once: nothing in them depends on the request
 * (no CSP nonces), and @fastify/helmet would build helmet's middleware again on every request
 * (≈6 % of an API call's CPU under load).
 */
function helmetHeaders(options: HelmetOptions): { set: Record<string, string>; removed: string[] } {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      removed.push(name.toLowerCase());
    },
  };
  let called = false;
  helmet(options)({} as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

/**
 * The build's hashed scripts, styles and fonts (`/oficina_virtual/assets/…`) are never documents: a
 * policy for a page, framing, referrer or opener rules mean nothing on them and cost ≈0.85 KB on each
 * of a page's dozens of responses. They keep what applies to a subresource: no MIME sniffing, and
 * loadable by our own origin only.
 */
const ASSET_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** A year, subdomains included: only ever sent over HTTPS, where the browser heeds it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every response gets the helmet headers. Over HTTPS (directly, or behind a proxy TRUST_PROXY
 * believes, through X-Forwarded-Proto) also Strict-Transport-Security. Responses of routes that need
 * a signed-in caller carry personal data: `Cache-Control: no-store`, so neither a shared cache nor
 * the browser's disk keeps them.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const { set, removed } = helmetHeaders(OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(ASSETS) ? ASSET_HEADERS : set);
    for (const name of removed) reply.removeHeader(name);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const access = (request.routeOptions.config as { access?: unknown } | undefined)?.access;
    if (access !== undefined && access !== 'public') reply.header('cache-control', 'no-store');
    done();
  });
}
