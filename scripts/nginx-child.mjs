// Debian's nginx as a child process (never a service) in front of API processes, for the scale-out
// test (apps/api/src/test/scale-out.test.ts) and the benchmarks' edge (bench/edge.mjs): the site is
// deploy/nginx.conf with that run's ports, upstreams and certificate.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's nginx binary, if installed (`apt-get install nginx-light`). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/**
 * deploy/nginx.conf, the file an operator deploys, with this run's values: `servers` the lines of its
 * `upstream ov_api`, `http` and `https` the addresses of its plain and HTTPS listeners (`null` drops
 * that listener), `tlsDir` the folder of the certificate, `accessLog` a file (or `null`: none);
 * `plainHttp` opts in to plain HTTP as an operator does (deploy/plain-http.conf included; otherwise
 * the plain listener only redirects), `terminators` the addresses of a TLS terminator in front.
 * Throws when the file no longer has a line it replaces.
 */
export function deployedSite({
  servers,
  http,
  https,
  tlsDir,
  accessLog,
  plainHttp = false,
  terminators = [],
}) {
  const deployed = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const edits = [
    [/(upstream ov_api \{\n)(?:\s*server [^\n]+\n)+/, `$1${servers.map((line) => `  ${line}\n`).join('')}`],
    [/\n\s*listen 80;/, http ? `\n  listen ${http};` : ''],
    [/\n\s*listen 443 ssl http2;/, https ? `\n  listen ${https} ssl http2;` : ''],
    [/\/etc\/nginx\/tls\//g, `${tlsDir}/`],
    [/access_log \S+ ov_api;/, accessLog ? `access_log ${accessLog} ov_api;` : 'access_log off;'],
    [
      /include \/etc\/nginx\/ov-plain-http\[\.\]conf;/,
      // Not opted in: the same optional include, of a file this run's folder does not have.
      `include ${plainHttp ? join(root, 'deploy/plain-http.conf') : `${tlsDir}/ov-plain-http[.]conf`};`,
    ],
    [/(geo \$ov_terminator \{\n\s*default 0;\n)/, `$1${terminators.map((a) => `  ${a} 1;\n`).join('')}`],
  ];
  return edits.reduce((site, [pattern, value]) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer has the line ${pattern} replaces`);
    pattern.lastIndex = 0;
    return site.replace(pattern, value);
  }, deployed);
}

/** nginx's main configuration around `site`: in the foreground, every file of its own under `prefix`. */
export function childNginxConf(prefix, site, connections = 1024) {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections ${connections}; }
http {
  client_body_temp_path ${prefix}/client_body; proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
${site}
}
`;
}

/**
 * A throwaway self-signed certificate for 127.0.0.1, valid one day, as deploy/nginx.conf reads it:
 * `dir`/fullchain.pem and `dir`/privkey.pem (openssl).
 */
export function selfSignedCertificate(dir) {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1']
      .concat(['-addext', 'subjectAltName=IP:127.0.0.1'])
      .concat(['-keyout', join(dir, 'privkey.pem'), '-out', join(dir, 'fullchain.pem')]),
    { stdio: 'ignore' },
  );
}
