import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSession } from '../../../lib/session';
import { API_BASE } from '../../../lib/urls';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { type AppNotification, getUnreadCount, NOTIFICATIONS_KEY, UNREAD_KEY } from './notifications-calls';

const RECONNECT_MS = 5000;

/**
 * The live stream (SSE): `count` sets the unread badge, `notification` refreshes the list and calls
 * `onNotification`. EventSource cannot send headers, so the access token goes in the query; when the
 * server refuses it (expired), one authenticated call refreshes the tokens and the stream reconnects.
 */
export function useNotificationStream(onNotification?: (row: AppNotification) => void): void {
  const queryClient = useQueryClient();
  const callback = useRef(onNotification);
  callback.current = onNotification;
  // Opened once the screen has been drawn: it holds one of the browser's six connections.
  const painted = useAfterPaint();

  useEffect(() => {
    if (!painted || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const token = getSession()?.accessToken;
      if (!token || stopped) return;
      source = new EventSource(`${API_BASE}/notifications/stream?access_token=${encodeURIComponent(token)}`);
      source.addEventListener('count', (event) => {
        const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
        queryClient.setQueryData(UNREAD_KEY, count);
      });
      source.addEventListener('notification', (event) => {
        const row = JSON.parse((event as MessageEvent<string>).data) as AppNotification;
        void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
        // A contract request moved: the lists and the open request show it at once.
        if (row.type === 'TASK_UPDATE_STATE')
          void queryClient.invalidateQueries({ queryKey: ['contract-requests'] });
        callback.current?.(row);
      });
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser retries by itself
        source.close();
        timer = setTimeout(async () => {
          try {
            queryClient.setQueryData(UNREAD_KEY, await getUnreadCount());
          } catch {
            // Offline or signed out: try again later (or never, once the session is gone).
          }
          connect();
        }, RECONNECT_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient, painted]);
}
