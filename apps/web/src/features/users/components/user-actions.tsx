import { CheckCircleOutlined, KeyOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { App, Button, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/current-user';
import type { SettableStatus } from '../api/set-users-status';
import type { User } from '../types';
import type { UserMutations } from './use-user-mutations';
import { ResetFactorsButton } from './user-second-factors';

interface UserActionsOptions {
  isSelf: (user: User) => boolean;
  changeStatus: UserMutations['changeStatus'];
  /** Absent when the caller may not send e-mail (no NOTIFICATION:NOTIFY or USER:NOTIFY). */
  onSendEmail?: (user: User) => void;
  onResetPassword: (user: User) => void;
  /** Only a super-administrator may reset another person's second factors (issue 30). */
  canResetFactors?: boolean;
}

/**
 * One user's actions, twice: as row-menu entries and as buttons in the detail's footer. Removed users
 * get none, and nobody may e-mail, lock or activate themselves.
 */
export function useUserActions({
  isSelf,
  changeStatus,
  onSendEmail,
  onResetPassword,
  canResetFactors = false,
}: UserActionsOptions) {
  const { t } = useTranslation();
  const { modal } = App.useApp();

  /** Activating is harmless and goes straight through; locking someone out asks first. */
  const askStatus = (user: User, status: SettableStatus) => {
    if (status === 'ACTIVE') {
      changeStatus.mutate({ ids: [user._id], status });
      return;
    }
    modal.confirm({
      title: t('users.lock.title', { name: displayName(user) }),
      content: t('users.lock.text'),
      okText: t('users.actions.lock'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => changeStatus.mutateAsync({ ids: [user._id], status }),
    });
  };

  const rowActions = (user: User): NonNullable<MenuProps['items']> => {
    if (user.status === 'DELETED') return [];
    const self = isSelf(user);
    const entries: NonNullable<MenuProps['items']> = [
      ...(onSendEmail
        ? [
            {
              key: 'email',
              icon: <MailOutlined />,
              label: t('users.actions.sendEmail'),
              disabled: self,
              onClick: () => onSendEmail(user),
            },
          ]
        : []),
      {
        key: 'reset',
        icon: <KeyOutlined />,
        label: t('users.actions.resetPassword'),
        onClick: () => onResetPassword(user),
      },
    ];
    if (!self) {
      // Change status (spec §4): ACTIVE or LOCK, whichever the user is not in.
      entries.push(
        user.status === 'LOCK'
          ? {
              key: 'status-ACTIVE',
              icon: <CheckCircleOutlined />,
              label: t('users.actions.activate'),
              onClick: () => askStatus(user, 'ACTIVE'),
            }
          : {
              key: 'status-LOCK',
              icon: <LockOutlined />,
              label: t('users.actions.lock'),
              onClick: () => askStatus(user, 'LOCK'),
            },
      );
    }
    return entries;
  };

  // A plain function, not a component: `null` must reach the detail dialog so it can drop an empty footer.
  const viewActions = (user: User) => {
    if (user.status === 'DELETED') return null;
    const self = isSelf(user);
    return (
      <>
        {self || !onSendEmail ? null : (
          <Button icon={<MailOutlined />} onClick={() => onSendEmail(user)}>
            {t('users.actions.sendEmail')}
          </Button>
        )}
        <Button
          icon={<KeyOutlined />}
          onClick={() => onResetPassword(user)}
          data-testid="view-reset-password"
        >
          {t('users.actions.resetPassword')}
        </Button>
        {canResetFactors && !self ? <ResetFactorsButton user={user} /> : null}
        {self ? null : user.status === 'LOCK' ? (
          <Button icon={<CheckCircleOutlined />} onClick={() => askStatus(user, 'ACTIVE')}>
            {t('users.actions.activate')}
          </Button>
        ) : (
          <Button icon={<LockOutlined />} onClick={() => askStatus(user, 'LOCK')} data-testid="view-lock">
            {t('users.actions.lock')}
          </Button>
        )}
      </>
    );
  };

  return { rowActions, viewActions };
}
