import { DownOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenuTrigger } from '../../components/a11y/use-menu-trigger';
import { displayName, useCurrentUser } from '../../lib/current-user';
import { signOut } from '../../lib/session-calls';
import { PATHS } from '../../lib/urls';

function initials(name: string): string {
  return name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Avatar and name; opens the user popup with profile and logout. */
export function UserMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const name = displayName(user);
  const menu = useMenuTrigger();

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div className="ov-user-menu__who">
          <strong>{name}</strong>
          <span>{user.email}</span>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'profile', icon: <UserOutlined />, label: t('menu.profile') },
    // Staff ask for (or, as administrators, decide on) roles there; customers have no use for it.
    ...(user.permissions?.length
      ? [{ key: 'accessRequests', icon: <SafetyCertificateOutlined />, label: t('menu.accessRequests') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    menu.close();
    if (key === 'profile') navigate(PATHS.profilePersonal);
    if (key === 'accessRequests') navigate(PATHS.accessRequests);
    if (key === 'logout') {
      void signOut();
      navigate(PATHS.home, { replace: true });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" {...menu.dropdown}>
      {/* Named by the user's name it shows (a picture-only button on phones says it too). */}
      <button
        type="button"
        className="ov-user-menu"
        data-testid="user-menu"
        aria-label={compact ? name : undefined}
        title={compact ? undefined : t('shell.userMenu')}
        {...menu.trigger}
      >
        <Avatar size={32} src={user.avatar || undefined} className="ov-user-menu__avatar" aria-hidden>
          {initials(name)}
        </Avatar>
        {compact ? null : <span className="ov-user-menu__name">{name}</span>}
        {compact ? null : <DownOutlined className="ov-user-menu__caret" />}
      </button>
    </Dropdown>
  );
}
