import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { NotificationHub } from './notifications.hub';
import type { NotificationsService } from './notifications.service';

/** Where a live stream writes (the HTTP transport: Server-Sent Events over the hijacked reply). */
export interface EventSink {
  /** The answer starts (200, event-stream headers) and tells the client to reconnect after `retryMs`. */
  start(opts: { retryMs: number }): void;
  /** One event (nothing once the stream ended). */
  event(name: string, data: unknown): void;
  /** A comment line that keeps proxies from closing an idle stream. */
  ping(): void;
  end(): void;
  /** `fn` runs when the client goes away. */
  onClose(fn: () => void): void;
}

interface StreamLogger {
  warn(obj: object, msg: string): void;
}

const RETRY_MS = 5000;

/**
 * The live notifications of a signed-in user: the stream's own sign-in (EventSource cannot send
 * headers, so the access token comes in the query and is checked here with the same signer and
 * principal load as every other route), then `count` {count} on connect and on every change and
 * `notification` with each new row, a ping every `heartbeatMs`.
 */
export function createNotificationStreams({
  authenticate,
  notifications,
  hub,
  heartbeatMs = 25_000,
}: {
  /** The principal an access token stands for now; null when its user or session no longer holds. */
  authenticate: (token: string) => Promise<Principal | null>;
  notifications: Pick<NotificationsService, 'byId' | 'unreadCount'>;
  hub: Pick<NotificationHub, 'subscribe'>;
  heartbeatMs?: number;
}) {
  const open = new Set<() => void>();

  return {
    /**
     * Checks the token (401 before anything is written), then streams to `sink` until the client
     * leaves or the server closes.
     */
    async connect(token: string, sink: EventSink, log: StreamLogger) {
      const principal = await authenticate(token);
      if (!principal) throw new AppError('AUTHENTICATIONERROR', 0);
      const owner = principal.userId;
      sink.start({ retryMs: RETRY_MS });
      const pushCount = async () => sink.event('count', { count: await notifications.unreadCount(owner) });
      const unsubscribe = hub.subscribe(owner, (m) => {
        void (async () => {
          if (m.kind === 'notification' && m.id) {
            const row = await notifications.byId(owner, m.id);
            if (row) sink.event('notification', row);
          }
          await pushCount();
        })().catch((err) => log.warn({ err }, 'notification push failed'));
      });
      const heartbeat = setInterval(() => sink.ping(), heartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        sink.end();
      };
      open.add(end);
      sink.onClose(end);
      await pushCount();
    },

    /** Ends every open stream (the server is closing: a stream would hold it open). */
    endAll() {
      for (const end of [...open]) end();
    },
  };
}
export type NotificationStreams = ReturnType<typeof createNotificationStreams>;
