import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { NOTIFY_CHANNEL } from './notifications.repository';

export interface ChannelLogger {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The database side of the live notifications: LISTEN on the PostgreSQL channel (NOTIFY is delivered
 * on commit, to every listener) on a connection of its own, reconnecting when it is lost; on PGlite
 * the embedded database's own listener.
 */
export function createNotificationChannel(database: Pick<Database, 'db' | 'kind'>, log: ChannelLogger) {
  let stop: (() => Promise<void>) | undefined;
  let closed = false;
  let onPayload: (payload: string | undefined) => void = () => {};

  async function listenPg(pool: pg.Pool) {
    const client = await pool.connect();
    if (closed) {
      // The channel closed while this connection was on its way (a reconnect racing shutdown).
      client.release();
      return;
    }
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      client.release(err);
    };
    client.on('notification', (n) => n.channel === NOTIFY_CHANNEL && onPayload(n.payload));
    client.on('error', (err) => {
      log.warn({ err: { message: err.message } }, 'notification listener lost its connection; reconnecting');
      release(err);
      void restart();
    });
    try {
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      release(err as Error);
      throw err;
    }
    stop = async () => {
      await client.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => {});
      release();
    };
  }

  /** Tries again every second (up to every 10 s) until the database answers or the channel closes. */
  async function restart(delayMs = 1000) {
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    if (closed) return;
    try {
      await connect();
      log.info('notification listener connected again');
    } catch {
      void restart(Math.min(delayMs * 2, 10_000));
    }
  }

  async function connect() {
    if (closed) return;
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (database.kind === 'postgres') return listenPg(client as pg.Pool);
    const unlisten = await (client as PGlite).listen(NOTIFY_CHANNEL, (payload) => onPayload(payload));
    stop = async () => {
      await unlisten().catch(() => {});
    };
  }

  return {
    /** Starts listening: every payload on the channel goes to `fn`. */
    async listen(fn: (payload: string | undefined) => void) {
      onPayload = fn;
      await connect();
    },
    async close() {
      closed = true;
      await stop?.();
    },
  };
}
export type NotificationChannel = ReturnType<typeof createNotificationChannel>;
