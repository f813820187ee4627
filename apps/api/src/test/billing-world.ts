import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
export const MARIA = 'maria.perez@example.cu';
export const JOSE = 'jose.fernandez@example.cu';
export const ESCUELA = 'escuela.marti@example.cu';
export const STAFF = 'ana.comercial@aguasdelahabana.cu';
export const NO_INVOICE_STAFF = 'elena.seguridad@aguasdelahabana.cu';

const CP1252: Record<number, string> = {
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  150: '–',
  151: '—',
  149: '•',
};

/**
 * The text a person would read in the PDF: inflates each content stream and decodes the hex strings
 * of its TJ operators (standard fonts, WinAnsi), one line per text object. Also collects the info
 * strings. Enough for the documents we render; not a general PDF reader.
 */
export async function pdfText(body: Buffer): Promise<string> {
  const raw = body.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(body.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.split(/\bET\b/)) {
      const text = [...block.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map(([, hex]) =>
          [...Buffer.from(hex, 'hex')].map((c) => CP1252[c] ?? String.fromCharCode(c)).join(''),
        )
        .join('');
      if (text) lines.push(text);
    }
  }
  return lines.join('\n');
}

export function caller(app: FastifyInstance, authorization: string) {
  return {
    post: (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/ahab-requests/${url}`,
        payload: payload as object,
        headers: { authorization, ...headers },
      }),
    get: (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/ahab-requests/${url}`, headers: { authorization, ...headers } }),
  };
}
