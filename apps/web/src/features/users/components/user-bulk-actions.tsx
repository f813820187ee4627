import { DeleteOutlined, DownOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { SETTABLE_STATUSES } from '../api/set-users-status';
import type { User } from '../types';
import type { UserMutations } from './use-user-mutations';

interface UserBulkActionsProps {
  selected: User[];
  isSelf: (user: User) => boolean;
  /** Clears the selection once a change went through. */
  onDone: () => void;
  bulkStatus: UserMutations['bulkStatus'];
  /** Absent without USER:DELETE. */
  bulkDelete?: UserMutations['bulkDelete'];
}

/**
 * Bulk status and removal over the selection. Yourself and removed users are left out (the server
 * refuses changes to yourself), and the confirmation says so when you were selected.
 */
export function UserBulkActions({ selected, isSelf, onDone, bulkStatus, bulkDelete }: UserBulkActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const ids = selected.filter((user) => !isSelf(user) && user.status !== 'DELETED').map((user) => user._id);
  const skippedSelf = selected.some(isSelf);
  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={ids.length === 0}
        menu={{
          items: SETTABLE_STATUSES.map((status) => ({
            key: status,
            label: t(`users.status.${status}`),
            onClick: () =>
              modal.confirm({
                title: t('users.bulk.statusTitle', {
                  count: ids.length,
                  status: t(`users.status.${status}`),
                }),
                content: skippedSelf ? t('users.bulk.selfSkipped') : undefined,
                okText: t('users.bulk.apply'),
                cancelText: t('common.cancel'),
                onOk: () => bulkStatus.mutateAsync({ ids, status }).then(onDone),
              }),
          })),
        }}
      >
        <Button icon={<SwapOutlined />} data-testid="bulk-status">
          {t('users.actions.changeStatus')} <DownOutlined />
        </Button>
      </Dropdown>
      {bulkDelete ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={ids.length === 0}
          data-testid="bulk-delete"
          onClick={() =>
            modal.confirm({
              title: t('users.bulk.deleteTitle', { count: ids.length }),
              content: [
                t('users.bulk.deleteText', { count: ids.length }),
                skippedSelf ? t('users.bulk.selfSkipped') : '',
              ]
                .filter(Boolean)
                .join(' '),
              okText: t('common.delete'),
              okButtonProps: { danger: true },
              cancelText: t('common.cancel'),
              onOk: () => bulkDelete.mutateAsync(ids).then(onDone),
            })
          }
        >
          {t('common.delete')}
        </Button>
      ) : null}
    </>
  );
}
