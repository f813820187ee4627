/**
 * Where the API's logs go and what they hold.
 * - Production (`NODE_ENV=production`), or any process with `LOG_FILE`: pino's JSON lines (to
 *   stdout, or appended to LOG_FILE), with Fastify's two lines per request at `info` — their `reqId`
 *   is what follows a request from nginx's access log through the process that served it
 *   (docs/DEPLOY.md).
 * - Development (`npm start`, `npm run dev`): one readable line per entry on the console, and the
 *   request lines at `debug`, so they show only with LOG_LEVEL=debug (or in LOG_FILE).
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.password',
  'body.password',
  'body.currentPassword',
  'body.refresh',
  'body.token',
  '*.password',
  '*.currentPassword',
  '*.refreshToken',
  '*.accessToken',
];

type LogConfig = Pick<Config, 'NODE_ENV' | 'LOG_LEVEL' | 'LOG_FILE'>;

/** JSON lines with request logs at `info` (production, or a log file), or the readable console. */
export function logFormat(config: LogConfig): 'json' | 'console' {
  return config.NODE_ENV === 'production' || config.LOG_FILE ? 'json' : 'console';
}

/** Fastify's two lines per request, at `debug` instead of `info` (an error stays an error). */
class DebugRequestLines extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The Fastify options of the logger and of its request lines. */
export function loggerOptions(
  config: LogConfig,
  out: { write(line: string): unknown } = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const base = { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (logFormat(config) === 'json') {
    return { logger: config.LOG_FILE ? { ...base, file: config.LOG_FILE } : base };
  }
  return {
    logger: { ...base, stream: { write: (line: string) => out.write(readableLine(line)) } },
    logController: new DebugRequestLines(),
  };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'responseTime']);

/**
 * One pino JSON line as a person reads it: `14:02:31 WARN database unavailable  code=ECONNREFUSED`
 * (no level word for `info`), a request as `GET /path` or `200 in 6 ms`, an error's stack below it.
 */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const clock = [time.getHours(), time.getMinutes(), time.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  const level = LEVELS[entry.level as number];
  const parts = [clock, ...(level ? [level] : []), String(entry.msg ?? '')];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode)
    parts.push(
      `${res.statusCode}${typeof entry.responseTime === 'number' ? ` in ${Math.round(entry.responseTime)} ms` : ''}`,
    );
  const fields = Object.entries(entry)
    .filter(([key]) => !OMITTED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let line = parts.join(' ') + (fields.length ? `  ${fields.join(' ')}` : '');
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err) line += `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).split('\n').join('\n    ')}`;
  return `${line}\n`;
}
