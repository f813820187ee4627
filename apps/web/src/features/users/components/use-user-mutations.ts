import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { deleteUsers } from '../api/remove-users';
import { type SettableStatus, setUsersStatus } from '../api/set-users-status';

/** Every users query (list, one, roles): a change refreshes the open detail too. */
export const USERS_ROOT_KEY = ['users'] as const;

/**
 * The users list's status and removal changes. The bulk ones are silent (no catalogue toast): a failure
 * shows one generic message for the whole selection instead.
 */
export function useUserMutations() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const refresh = () => queryClient.invalidateQueries({ queryKey: USERS_ROOT_KEY });

  const changeStatus = useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: SettableStatus }) => setUsersStatus(ids, status),
    onSuccess: async () => {
      notify.success(t('common.updateSuccess'));
      await refresh();
    },
  });

  const bulkStatus = useMutation({
    meta: { silent: true },
    mutationFn: ({ ids, status }: { ids: string[]; status: SettableStatus }) => setUsersStatus(ids, status),
    onSuccess: async () => {
      notify.success(t('common.updateSuccess'));
      await refresh();
    },
    onError: () => void message.error(t('users.bulk.error')),
  });

  const bulkDelete = useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => deleteUsers(ids),
    onSuccess: async () => {
      notify.success(t('common.deleteSuccess'));
      await refresh();
    },
    onError: () => void message.error(t('users.bulk.error')),
  });

  return { refresh, changeStatus, bulkStatus, bulkDelete };
}

export type UserMutations = ReturnType<typeof useUserMutations>;
