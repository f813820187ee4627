import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { Tabs } from '../../../components/tabs/tabs';
import { displayName } from '../../../lib/current-user';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useMunicipalityNames } from '../../../lib/municipalities';
import type { User } from '../types';
import { UserRoles } from './user-roles';
import { UserSecondFactors } from './user-second-factors';
import { UserStatusTag } from './user-status-tag';

const DASH = '—';

function GeneralView({ user, showSecondFactors }: { user: User; showSecondFactors?: boolean }) {
  const { t, i18n } = useTranslation();
  const municipalities = useMunicipalityNames();
  const municipality = user.address?.municipality;
  return (
    <Descriptions column={1} bordered size="middle" data-testid="user-view">
      <Descriptions.Item label={t('users.fields.name')}>{displayName(user)}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.username')}>{user.username || DASH}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.email')}>{user.email}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.phone')}>{user.phone || DASH}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.status')}>
        <UserStatusTag status={user.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.clientType')}>
        {user.clientType ? t(`clientTypes.${user.clientType}`, { defaultValue: user.clientType }) : DASH}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.municipality')}>
        {municipality ? (municipalities.get(municipality) ?? String(municipality)) : DASH}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.roles')}>
        <UserRoles roles={user.roles} />
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.verified')}>
        {user.verified === undefined ? DASH : t(user.verified ? 'common.yes' : 'common.no')}
      </Descriptions.Item>
      {showSecondFactors ? (
        <Descriptions.Item label={t('users.fields.secondFactors')}>
          <UserSecondFactors userId={user._id} />
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('users.fields.createdAt')}>
        {formatDateTime(user.createdAt, i18n.language) || DASH}
      </Descriptions.Item>
    </Descriptions>
  );
}

function PersonalView({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions column={1} bordered size="middle" data-testid="user-personal">
      <Descriptions.Item label={t('users.fields.fullName')}>{displayName(user)}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.nationalId')}>{user.nationalId || DASH}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.birthDate')}>
        {formatDate(user.birthDate, i18n.language) || DASH}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.gender')}>
        {user.gender ? t(`users.gender.${user.gender}`, { defaultValue: user.gender }) : DASH}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.country')}>{user.country || DASH}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.address')}>{user.address?.line || DASH}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.changePasswordRequired')}>
        {t(user.changePasswordRequired ? 'common.yes' : 'common.no')}
      </Descriptions.Item>
    </Descriptions>
  );
}

export type UserViewTab = 'general' | 'personal';

/**
 * Read-only detail of a user. With `onTab`, it shows the general and personal tabs
 * (`/admin/users/{id}` and `/admin/users/{id}/personal`); without, only the general data (profile).
 */
export function UserView({
  user,
  tab = 'general',
  onTab,
  showSecondFactors,
}: {
  user: User;
  tab?: UserViewTab;
  onTab?: (tab: UserViewTab) => void;
  /** A super-administrator also sees which second factors the person has set up. */
  showSecondFactors?: boolean;
}) {
  const { t } = useTranslation();
  if (!onTab) return <GeneralView user={user} />;
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onTab(key as UserViewTab)}
      items={[
        {
          key: 'general',
          label: t('users.tabs.general'),
          children: <GeneralView user={user} showSecondFactors={showSecondFactors} />,
        },
        { key: 'personal', label: t('users.tabs.personal'), children: <PersonalView user={user} /> },
      ]}
    />
  );
}
