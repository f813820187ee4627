// Debian's nginx as a child process (never a service) in front of API processes, for the scale-out
// test (apps/api/src/test/scale-out.test.ts) and the benchmarks' edge (bench/edge.mjs): the site is
// deploy/nginx.conf with that run's ports, upstreams and certificate.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

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
