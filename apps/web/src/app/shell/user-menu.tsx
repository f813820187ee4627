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
 * Avatar and name, a menu button (as Ant Design's dropdown was): its panel shows who is signed in, and
 * a menu with the profile, access requests (staff) and sign out. Enter, Space or ArrowDown open it with
 * focus on its first entry, the arrows move between entries (they are not in the Tab order, so an open
 * panel never counts as targets over the page's), Escape or a click elsewhere closes it with focus
 * back on the button, and Tab closes it moving on.
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
    if (focusFirst) panelRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
        panelRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        return;
      }
      toggle(true);
    }
  };

  // Up, down, Home and End move between the entries; Tab leaves the menu and closes it.
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const target =
      event.key === 'ArrowDown'
        ? (at + 1) % entries.length
        : event.key === 'ArrowUp'
          ? (at - 1 + entries.length) % entries.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? entries.length - 1
              : null;
    if (event.key === 'Tab') setOpen(false);
    if (target === null) return;
    event.preventDefault();
    entries[target]?.focus();
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
        aria-haspopup="menu"
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
      >
        <div className="ov-user-menu__who">
          <strong>{name}</strong>
          <span>{user.email}</span>
        </div>
        <div
          className="ov-user-menu__list"
          role="menu"
          aria-label={t('shell.userMenu')}
          onKeyDown={onMenuKeyDown}
        >
          <Link
            to={PATHS.profilePersonal}
            className="ov-user-menu__entry"
            role="menuitem"
            tabIndex={-1}
            onClick={close}
          >
            <Icon drawing={UserOutlined} />
            {t('menu.profile')}
          </Link>
          {/* Staff ask for (or, as administrators, decide on) roles there; customers have no use for it. */}
          {user.permissions?.length ? (
            <Link
              to={PATHS.accessRequests}
              className="ov-user-menu__entry"
              role="menuitem"
              tabIndex={-1}
              onClick={close}
            >
              <Icon drawing={SafetyCertificateOutlined} />
              {t('menu.accessRequests')}
            </Link>
          ) : null}
          <button
            type="button"
            className="ov-user-menu__entry ov-user-menu__entry--danger"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              void signOut();
              navigate(PATHS.home, { replace: true });
            }}
          >
            <Icon drawing={LogoutOutlined} />
            {t('auth.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
