/** Debian's nginx binary, if installed. */
export const NGINX: string | undefined;
/**
 * deploy/nginx.conf with this run's upstream lines, listeners (null drops one), certificate folder and
 * access log; `plainHttp` opts in to plain HTTP (deploy/plain-http.conf; else port 80 only redirects),
 * `terminators` the addresses of a TLS terminator in front whose X-Forwarded-For/Proto are believed.
 */
export function deployedSite(values: {
  servers: readonly string[];
  http: string | null;
  https: string | null;
  tlsDir: string;
  accessLog: string | null;
  plainHttp?: boolean;
  terminators?: readonly string[];
}): string;
/** nginx's main configuration around `site`: in the foreground, every file of its own under `prefix`. */
export function childNginxConf(prefix: string, site: string, connections?: number): string;
/** A throwaway self-signed certificate for 127.0.0.1: `dir`/fullchain.pem and `dir`/privkey.pem. */
export function selfSignedCertificate(dir: string): void;
