/** nginx's main configuration around `site`: in the foreground, every file of its own under `prefix`. */
export function childNginxConf(prefix: string, site: string, connections?: number): string;
/** A throwaway self-signed certificate for 127.0.0.1: `dir`/fullchain.pem and `dir`/privkey.pem. */
export function selfSignedCertificate(dir: string): void;
