/**
 * Is this error the database being away (stopped, restarting, unreachable, out of connections)
 * rather than a fault of the request? Such errors become a catalogue 503 with Retry-After, and the
 * process carries on: the pool replaces the dead connections once the server is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** SQLSTATE: admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'the database system is',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
