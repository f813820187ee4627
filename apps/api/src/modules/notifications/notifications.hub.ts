import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { NOTIFY_CHANNEL } from './notifications.service';

export interface HubMessage {
  kind: 'notification' | 'count';
  owner: string;
  id?: string;
}

/**
 * Fan-out of notification signals to the SSE streams of this process. Every process LISTENs on the
 * PostgreSQL channel (NOTIFY is delivered on commit, to every listener), so several API processes
 * on one database all push to their own streams; inside a process an EventEmitter keyed by owner.
 */
export function createNotificationHub(database: Database, log: FastifyBaseLogger) {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  let stop: (() => Promise<void>) | undefined;
  let closed = false;

  const onPayload = (payload: string | undefined) => {
    try {
      const m = JSON.parse(payload ?? '') as HubMessage;
      if (typeof m.owner === 'string' && bus.listenerCount(m.owner) > 0) bus.emit(m.owner, m);
    } catch {
      /* not ours */
    }
  };

  async function listenPg(pool: pg.Pool) {
    const client = await pool.connect();
    if (closed) {
      // The hub closed while this connection was on its way (a reconnect racing shutdown).
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

  /** Tries again every second (up to every 10 s) until the database answers or the hub closes. */
  async function restart(delayMs = 1000) {
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    if (closed) return;
    try {
      await start();
      log.info('notification listener connected again');
    } catch {
      void restart(Math.min(delayMs * 2, 10_000));
    }
  }

  async function start() {
    if (closed) return;
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (database.kind === 'postgres') return listenPg(client as pg.Pool);
    const unlisten = await (client as PGlite).listen(NOTIFY_CHANNEL, onPayload);
    stop = async () => {
      await unlisten().catch(() => {});
    };
  }

  return {
    start,
    subscribe(owner: string, fn: (m: HubMessage) => void) {
      bus.on(owner, fn);
      return () => {
        bus.off(owner, fn);
      };
    },
    async close() {
      closed = true;
      await stop?.();
    },
  };
}
export type NotificationHub = ReturnType<typeof createNotificationHub>;
