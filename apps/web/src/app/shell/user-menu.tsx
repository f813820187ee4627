import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icon/icon';
import {
  DownOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '../../components/icon/icon-paths';
import { MenuButton } from '../../components/menu-button/menu-button';
import { displayName, useCurrentUser } from '../../lib/current-user';
import { signOut } from '../../lib/session-calls';
import { PATHS } from '../../lib/urls';
import './user-menu.css';

function initials(name: string): string {
  return name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * Avatar and name, a menu button (as Ant Design's dropdown was; the keyboard is MenuButton's): its
 * panel shows who is signed in, and a menu with the profile, access requests (staff) and sign out.
 */
export function UserMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const name = displayName(user);
  // The header's flex item, as tall as the bar: the pill keeps its place, the panel opens below it.
  const wrap = useRef<HTMLDivElement>(null);

  return (
    <div className="ov-user-menu-wrap" ref={wrap}>
      <MenuButton
        anchor={wrap}
        label={t('shell.userMenu')}
        className="ov-user-menu__popup"
        testId="user-menu-panel"
        header={
          <div className="ov-user-menu__who">
            <strong>{name}</strong>
            <span>{user.email}</span>
          </div>
        }
        items={[
          {
            key: 'profile',
            to: PATHS.profilePersonal,
            icon: <Icon drawing={UserOutlined} />,
            label: t('menu.profile'),
          },
          // Staff ask for (or, as administrators, decide on) roles there; customers have no use for it.
          user.permissions?.length
            ? {
                key: 'access-requests',
                to: PATHS.accessRequests,
                icon: <Icon drawing={SafetyCertificateOutlined} />,
                label: t('menu.accessRequests'),
              }
            : null,
          {
            key: 'logout',
            danger: true,
            icon: <Icon drawing={LogoutOutlined} />,
            label: t('auth.logout'),
            onClick: () => {
              void signOut();
              navigate(PATHS.home, { replace: true });
            },
          },
        ]}
      >
        {/* On a phone only the initials show: the name says them first, then who they stand for
            (WCAG 2.5.3, the visible label is part of the name). */}
        <button
          type="button"
          className="ov-user-menu"
          data-testid="user-menu"
          aria-label={compact ? (user.avatar ? name : `${initials(name)} ${name}`) : undefined}
          title={compact ? undefined : t('shell.userMenu')}
        >
          <span className="ov-user-menu__avatar" aria-hidden="true">
            {user.avatar ? <img src={user.avatar} alt="" /> : initials(name)}
          </span>
          {compact ? null : <span className="ov-user-menu__name">{name}</span>}
          {compact ? null : <Icon drawing={DownOutlined} className="ov-user-menu__caret" />}
        </button>
      </MenuButton>
    </div>
  );
}
