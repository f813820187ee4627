import type { Socket } from 'node:net';
import { AppError, errorMessage } from '@ov/domain';
import type { FastifyInstance } from 'fastify';

/** Deeper than this is no form or gateway notification of ours (the deepest is a search filter). */
export const MAX_DEPTH = 32;

type Problem = 475 | 476;

/** A UTF-16 surrogate without its other half (what `String#isWellFormed` finds, ES2024). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * What no request of ours ever needs and what would otherwise reach PostgreSQL or a recursive walk:
 * a NUL character (PostgreSQL text cannot hold it), a lone UTF-16 surrogate (not Unicode, cannot be
 * encoded), nesting deeper than MAX_DEPTH. Walks keys and values iteratively (no stack to overflow).
 */
export function inputProblem(value: unknown): Problem | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === 'string') {
      if (badText(v)) return 475;
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return 476;
      if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
      else
        for (const [key, item] of Object.entries(v)) {
          if (badText(key)) return 475;
          stack.push([item, depth + 1]);
        }
    }
  }
  return null;
}

/**
 * The edge check of every request, before any schema or handler sees it: body, query string and path
 * parameters. A refusal is a catalogue VALIDATIONERROR (475 characters, 476 nesting) and changes nothing.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['body', req.body],
      ['querystring', req.query],
      ['params', req.params],
    ] as const) {
      const problem = inputProblem(value);
      if (problem)
        throw new AppError('VALIDATIONERROR', problem, [{ field: part, message: 'valor no válido' }]);
    }
  });
}

/**
 * What Node answers before Fastify sees the request (a request line or headers over the parser's
 * limit, a malformed request line): a catalogue body instead of Node's bare status line.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const tooLong = err.code === 'HPE_HEADER_OVERFLOW' || err.code === 'HPE_URI_TOO_LONG';
  const [status, reason, name, reference] = tooLong
    ? [431, 'Request Header Fields Too Large', 'VALIDATIONERROR', 431]
    : [400, 'Bad Request', 'VALIDATIONERROR', 0];
  const body = JSON.stringify({ name, reference, message: errorMessage(name, reference, 'es') });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
