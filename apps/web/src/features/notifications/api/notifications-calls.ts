import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchList } from '../../../lib/list-query';
import { useAfterPaint } from '../../../lib/use-after-paint';

export interface AppNotification {
  _id: string;
  id: string;
  type: string;
  owner: string;
  payload: { body?: { status?: string; name?: string }; kind?: string } & Record<string, unknown>;
  /** What it is about and its parameters (domain `NotificationEvent`); null on rows older than them. */
  event: string | null;
  params: Record<string, unknown> | null;
  read: boolean;
  createdAt: string;
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;
const LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;

export function findNotifications(size: number, signal?: AbortSignal) {
  return searchList<AppNotification>(
    '/notifications/search',
    { page: 1, size, search: '', filters: [], sort: { createdAt: 'desc' } },
    signal,
  );
}

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await api.get<{ count: number }>('/notifications/unread-count', signal)).count;
}

export const markRead = (id: string) => api.post<AppNotification>(`/notifications/${id}/read`);
export const markAllRead = () => api.post<{ updated: number }>('/notifications/read-all');

/** The bell's count; asked for once the screen has been drawn (`useAfterPaint`). */
export function useUnreadCount() {
  const painted = useAfterPaint();
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 60_000,
    meta: { silent: true },
    enabled: painted,
  });
}

export function useNotificationList(size: number, enabled: boolean) {
  return useQuery({
    queryKey: [...LIST_KEY, size],
    queryFn: ({ signal }) => findNotifications(size, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Marking read updates the list at once; the stream (or a refetch) brings the new count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markRead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      queryClient.setQueryData(UNREAD_KEY, 0);
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
