import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logFormat, loggerOptions, readableLine } from './logging';

const DEV = { NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FILE: undefined } as const;

/** A Fastify app with the API's logging, its console lines kept; one request made. */
async function consoleOf(config: {
  NODE_ENV: 'development';
  LOG_LEVEL: 'info' | 'debug';
  LOG_FILE: undefined;
}) {
  const lines: string[] = [];
  const app = Fastify(loggerOptions(config, { write: (line) => lines.push(line) }));
  app.get('/api/thing', async (req) => {
    req.log.warn({ code: 'X1' }, 'something to see');
    return { ok: true };
  });
  await app.inject({ method: 'GET', url: '/api/thing' });
  await app.close();
  return lines.join('');
}

describe('logs', () => {
  it('are JSON lines in production and in a log file, readable lines on the development console', () => {
    expect(logFormat({ ...DEV, NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({ ...DEV, LOG_FILE: '/tmp/ov.log' })).toBe('json');
    expect(logFormat(DEV)).toBe('console');
    // Production keeps Fastify's request lines (their reqId follows a request from nginx's log).
    expect(loggerOptions({ ...DEV, NODE_ENV: 'production' }).logController).toBeUndefined();
  });

  it('on the development console: no line per request unless LOG_LEVEL=debug', async () => {
    const quiet = await consoleOf(DEV);
    expect(quiet).toMatch(/^\d\d:\d\d:\d\d WARN something to see {2}reqId=\S+ code=X1\n$/);
    expect(quiet).not.toContain('request completed');
    const debug = await consoleOf({ ...DEV, LOG_LEVEL: 'debug' });
    expect(debug).toContain('incoming request GET /api/thing');
    expect(debug).toMatch(/request completed 200 in \d+ ms/);
    expect(debug).not.toContain('{"level"');
  });

  it('a readable line shows the message, the fields and an error stack, never the record', () => {
    const line = readableLine(
      JSON.stringify({
        level: 50,
        time: Date.UTC(2026, 0, 1, 12, 0, 0),
        pid: 1,
        hostname: 'vm',
        msg: 'unhandled error',
        module: 'mail',
        err: { message: 'boom', stack: 'Error: boom\n    at here' },
      }),
    );
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d ERROR unhandled error {2}module=mail\n {4}Error: boom\n {8}at here\n$/,
    );
    expect(readableLine('not json')).toBe('not json\n');
  });
});
