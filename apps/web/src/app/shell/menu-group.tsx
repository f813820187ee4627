import {
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuNode } from '../menu';
import { MENU_ICONS } from './menu-icons';
import { MenuLink } from './menu-link';

interface MenuGroupItemProps {
  node: MenuNode;
  /** Key of the current page's entry. */
  current: string | undefined;
  /** Icon only: the pages open beside the side bar, over the page, instead of below the entry. */
  collapsed: boolean;
  defaultOpen: boolean;
  onNavigate?: () => void;
}

/** Room between the side bar and the pages opened beside it, and around them in the window. */
const GAP = 8;

/** An entry with pages under it: a disclosure button and the list it shows or hides. */
export function MenuGroupItem({ node, current, collapsed, defaultOpen, onNavigate }: MenuGroupItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(defaultOpen);
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const label = t(node.labelKey);
  const pages = node.children ?? [];
  const holdsCurrent = pages.some((page) => page.key === current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the pages beside the side bar close when the page changes
  useEffect(() => {
    if (collapsed) setOpen(false);
  }, [pathname, collapsed]);

  // Beside the collapsed side bar: level with the button, inside the window, closed by a click
  // anywhere else.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!collapsed || !open || !list) return;
    const place = () => {
      const button = buttonRef.current?.getBoundingClientRect();
      if (!button) return;
      const lowest = window.innerHeight - GAP - list.offsetHeight;
      list.style.top = `${Math.max(GAP, Math.min(button.top, lowest))}px`;
      list.style.left = `${button.right + GAP}px`;
    };
    const closeOutside = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false);
    };
    place();
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, true);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, true);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [collapsed, open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!collapsed || !open || event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    if (collapsed && !itemRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <li ref={itemRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`ov-side-menu__item${holdsCurrent ? ' ov-side-menu__item--holds-current' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        title={collapsed ? label : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="ov-side-menu__icon" aria-hidden="true">
          {MENU_ICONS[node.icon]}
        </span>
        <span className={collapsed ? 'ov-visually-hidden' : 'ov-side-menu__label'}>{label}</span>
        {collapsed ? null : <span className="ov-side-menu__arrow" aria-hidden="true" />}
      </button>
      <ul
        ref={listRef}
        id={listId}
        className={collapsed ? 'ov-side-menu__flyout' : 'ov-side-menu__sub'}
        aria-label={label}
        hidden={!open}
      >
        {pages.map((page) => (
          <MenuLink
            key={page.key}
            node={page}
            current={page.key === current}
            nested={!collapsed}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </li>
  );
}
