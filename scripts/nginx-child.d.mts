/** Debian's nginx binary, if installed. */
export const NGINX: string | undefined;
/** deploy/nginx.conf with this run's upstream lines, listeners (null drops one), certificate folder and access log. */
export function deployedSite(values: {
  servers: readonly string[];
  http: string | null;
  https: string | null;
  tlsDir: string;
  accessLog: string | null;
}): string;
/** nginx's main configuration around `site`: in the foreground, every file of its own under `prefix`. */
export function childNginxConf(prefix: string, site: string, connections?: number): string;
/** A throwaway self-signed certificate for 127.0.0.1: `dir`/fullchain.pem and `dir`/privkey.pem. */
export function selfSignedCertificate(dir: string): void;
