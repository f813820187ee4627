import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/icon/icon';
import {
  DownOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '../../components/icon/icon-paths';
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

/**
 * Avatar and name, a disclosure button: it shows who is signed in, the profile, access requests (staff)
 * and sign out. Escape or a click elsewhere closes it, focus back on the button; Enter, Space or
 * ArrowDown from the keyboard open it with focus on its first entry.
 */
export function UserMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const name = displayName(user);
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change closes it
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    if (focusFirst) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, focusFirst]);

  const toggle = (fromKeyboard: boolean) => {
    setFocusFirst(fromKeyboard);
    setOpen((value) => !value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (event.key === 'ArrowDown' && open) {
        panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
        return;
      }
      toggle(true);
    }
  };

  // Up and down move between the entries, as in a menu (Tab does too).
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const entries = [...(panelRef.current?.querySelectorAll<HTMLElement>('a, button') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
    event.preventDefault();
    entries[(next + entries.length) % entries.length]?.focus();
  };

  const close = () => setOpen(false);

  return (
    <div className="ov-user-menu-wrap" ref={wrapRef}>
      {/* Named by the user's name it shows (a picture-only button on phones says it too). */}
      <button
        ref={buttonRef}
        type="button"
        className="ov-user-menu"
        data-testid="user-menu"
        aria-label={compact ? name : undefined}
        title={compact ? undefined : t('shell.userMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(event) => toggle(event.detail === 0)}
        onKeyDown={onKeyDown}
      >
        <span className="ov-user-menu__avatar" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : initials(name)}
        </span>
        {compact ? null : <span className="ov-user-menu__name">{name}</span>}
        {compact ? null : <Icon drawing={DownOutlined} className="ov-user-menu__caret" />}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="ov-user-menu__panel"
        hidden={!open}
        data-testid="user-menu-panel"
        onKeyDown={onPanelKeyDown}
      >
        <div className="ov-user-menu__who">
          <strong>{name}</strong>
          <span>{user.email}</span>
        </div>
        <ul className="ov-user-menu__list">
          <li>
            <Link to={PATHS.profilePersonal} className="ov-user-menu__entry" onClick={close}>
              <Icon drawing={UserOutlined} />
              {t('menu.profile')}
            </Link>
          </li>
          {/* Staff ask for (or, as administrators, decide on) roles there; customers have no use for it. */}
          {user.permissions?.length ? (
            <li>
              <Link to={PATHS.accessRequests} className="ov-user-menu__entry" onClick={close}>
                <Icon drawing={SafetyCertificateOutlined} />
                {t('menu.accessRequests')}
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="ov-user-menu__entry ov-user-menu__entry--danger"
              onClick={() => {
                close();
                void signOut();
                navigate(PATHS.home, { replace: true });
              }}
            >
              <Icon drawing={LogoutOutlined} />
              {t('auth.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
