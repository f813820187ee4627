import { createHash, timingSafeEqual } from 'node:crypto';

const havanaDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Havana',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Day, month and year in Havana, without leading zeros. */
export function havanaParts(at: Date): { day: string; month: string; year: string } {
  const parts = Object.fromEntries(havanaDate.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: String(Number(parts.day)), month: String(Number(parts.month)), year: parts.year };
}

/** Transfermóvil's header password: base64(sha512(username + day + month + year + seed + source)). */
export function tmPassword(username: string, seed: string, source: string, at: Date): string {
  const { day, month, year } = havanaParts(at);
  return createHash('sha512')
    .update(`${username}${day}${month}${year}${seed}${source}`, 'utf8')
    .digest('base64');
}

export function tmHeaders(cred: TmCredentials, at: Date): Record<string, string> {
  return {
    username: cred.username,
    source: cred.source,
    password: tmPassword(cred.username, cred.seed, cred.source, at),
  };
}

export interface TmCredentials {
  username: string;
  seed: string;
  source: string;
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
