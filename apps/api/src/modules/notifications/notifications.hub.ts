import { EventEmitter } from 'node:events';
import type { NotificationChannel } from './notifications.channel.repository';
import type { SignalMessage } from './notifications.repository';

export type HubMessage = SignalMessage;

/**
 * Fan-out of notification signals to the SSE streams of this process. Every process LISTENs on the
 * PostgreSQL channel (see the channel), so several API processes on one database all push to their
 * own streams; inside a process an EventEmitter keyed by owner.
 */
export function createNotificationHub(channel: NotificationChannel) {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);

  const onPayload = (payload: string | undefined) => {
    try {
      const m = JSON.parse(payload ?? '') as HubMessage;
      if (typeof m.owner === 'string' && bus.listenerCount(m.owner) > 0) bus.emit(m.owner, m);
    } catch {
      /* not ours */
    }
  };

  return {
    start: () => channel.listen(onPayload),
    subscribe(owner: string, fn: (m: HubMessage) => void) {
      bus.on(owner, fn);
      return () => {
        bus.off(owner, fn);
      };
    },
    close: () => channel.close(),
  };
}
export type NotificationHub = ReturnType<typeof createNotificationHub>;
