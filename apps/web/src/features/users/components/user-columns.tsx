import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/list-page/types';
import { displayName } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format';
import { useMunicipalityNames } from '../../../lib/municipalities';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { User } from '../types';
import { UserRoles } from './user-roles';
import { UserStatusTag } from './user-status-tag';
import '../../../components/text/text.css';

/** The users list columns; the wide ones fold away on narrow screens (classes in `users-page.css`). */
export function useUserColumns(): ListColumn<User>[] {
  const { t, i18n } = useTranslation();
  const municipalities = useMunicipalityNames();
  const isMobile = useIsMobile();

  return [
    {
      key: 'name',
      title: t('users.fields.name'),
      sortField: 'firstName',
      className: 'ov-users__name-col',
      render: (_value, user) =>
        isMobile ? (
          // Below 992 px the e-mail and status columns fold away: both go under the name.
          <span className="ov-users__name">
            <strong className="ov-strong">{displayName(user)}</strong>
            <span className="ov-text-secondary ov-users__email">{user.email}</span>
            <span>
              <UserStatusTag status={user.status} />
            </span>
          </span>
        ) : (
          <strong className="ov-strong">{displayName(user)}</strong>
        ),
    },
    {
      key: 'email',
      title: t('users.fields.email'),
      dataIndex: 'email',
      sortField: 'email',
      responsive: ['lg'],
    },
    {
      key: 'username',
      title: t('users.fields.username'),
      dataIndex: 'username',
      defaultHidden: true,
      render: (value) => value || '—',
    },
    {
      key: 'status',
      title: t('users.fields.status'),
      dataIndex: 'status',
      responsive: ['lg'],
      render: (value) => <UserStatusTag status={String(value)} />,
    },
    {
      key: 'clientType',
      responsive: ['lg'],
      title: t('users.fields.clientType'),
      dataIndex: 'clientType',
      render: (value) => (value ? t(`clientTypes.${value}`, { defaultValue: String(value) }) : '—'),
    },
    {
      key: 'municipality',
      responsive: ['lg'],
      title: t('users.fields.municipality'),
      defaultHidden: true,
      render: (_value, user) => {
        const key = user.address?.municipality;
        return key ? (municipalities.get(key) ?? String(key)) : '—';
      },
    },
    {
      key: 'roles',
      responsive: ['lg'],
      title: t('users.fields.roles'),
      className: 'ov-users__roles',
      render: (_value, user) => <UserRoles roles={user.roles} max={2} />,
    },
    {
      key: 'createdAt',
      responsive: ['lg'],
      title: t('users.fields.createdAt'),
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      render: (value) => formatDate(value as string, i18n.language),
    },
  ];
}
