import type { FastifyRequest } from 'fastify';

export type Lang = 'es' | 'en';

/** Spanish unless the caller prefers English. */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Lang {
  const header = req.headers['accept-language'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 'es';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'es';
}
