import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether a new invoice of the own codes is told in the app and by e-mail (profile). */
export interface NotificationPreferences {
  invoiceApp: boolean;
  invoiceEmail: boolean;
}

const KEY = ['users', 'me', 'notification-preferences'] as const;
const URL = '/users/me/notification-preferences';

export function useNotificationPreferences() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get<NotificationPreferences>(URL) });
}

/** Saves one switch at once; the answer (both, as saved) replaces what is shown. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) =>
      api.request<NotificationPreferences>(URL, { method: 'PATCH', body: change }).then((a) => a.data),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
