import { DownOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { displayName, useCurrentUser } from '../../lib/current-user';
import { signOut } from '../../lib/session-calls';
import { PATHS } from '../../lib/urls';
import { UserAvatar } from './user-avatar';

/** The menu's items, in order. */
function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

interface Item {
  key: string;
  icon: ReactNode;
  label: string;
  danger?: boolean;
  select: () => void;
}

/**
 * Avatar and name; a menu button (WAI-ARIA) opening the user's menu: who is signed in, profile,
 * access requests for staff, logout. Arrow keys, Home and End move between the items; Escape, Tab
 * or a click elsewhere close it, focus back on the button.
 */
export function UserMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const name = displayName(user);
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const whoId = useId();

  const items: Item[] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: t('menu.profile'),
      select: () => navigate(PATHS.profilePersonal),
    },
    // Staff ask for (or, as administrators, decide on) roles there; customers have no use for it.
    ...(user.permissions?.length
      ? [
          {
            key: 'accessRequests',
            icon: <SafetyCertificateOutlined />,
            label: t('menu.accessRequests'),
            select: () => navigate(PATHS.accessRequests),
          },
        ]
      : []),
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('auth.logout'),
      danger: true,
      select: () => {
        void signOut();
        navigate(PATHS.home, { replace: true });
      },
    },
  ];

  const show = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = itemsOf(menu.current);
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
    // A click elsewhere closes the menu; focus goes back to the button unless the click gave it to
    // something else (after the click's own focus change).
    const onPointerDown = (event: PointerEvent) => {
      if (anchor.current?.contains(event.target as Node)) return;
      setOpen(false);
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) button.current?.focus();
      });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = itemsOf(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focus = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index < 0 ? list.length - 1 : index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      // Tab goes on from the button, past the closing menu.
      close(true);
    }
  };

  return (
    <div className="ov-user-menu__anchor" ref={anchor}>
      {/* Named by the user's name it shows (a picture-only button on phones says it too). */}
      <button
        ref={button}
        type="button"
        className="ov-user-menu"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={compact ? name : undefined}
        title={compact ? undefined : t('shell.userMenu')}
        onClick={() => (open ? close(true) : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <UserAvatar name={name} src={user.avatar} />
        {compact ? null : <span className="ov-user-menu__name">{name}</span>}
        {compact ? null : (
          <span className="ov-user-menu__caret" aria-hidden="true">
            <DownOutlined />
          </span>
        )}
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={whoId}
          className="ov-user-menu__popup"
          onKeyDown={onMenuKeyDown}
        >
          <div className="ov-user-menu__who" id={whoId}>
            <span className="ov-user-menu__who-name">{name}</span> <span>{user.email}</span>
          </div>
          <hr className="ov-user-menu__divider" />
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`ov-user-menu__item${item.danger ? ' ov-user-menu__item--danger' : ''}`}
              onClick={() => {
                close(true);
                item.select();
              }}
              onPointerMove={(event) => {
                if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
              }}
            >
              <span className="ov-user-menu__icon" aria-hidden="true">
                {item.icon}
              </span>
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
