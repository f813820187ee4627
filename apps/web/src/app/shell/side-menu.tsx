import {
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { buildMenu, type MenuNode, selectedMenuKeys } from '../menu';
import { MENU_ICONS } from './menu-icons';

interface SideMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

interface Tip {
  text: string;
  top: number;
  left: number;
}

/** Where a tooltip or a fly-out sits: beside the entry, outside the scrolling side bar. */
function besideOf(element: Element) {
  const box = element.getBoundingClientRect();
  return { top: box.top + box.height / 2, left: box.right + 8, box };
}

/**
 * The permission-gated side menu (spec §6), built from the route table: a `nav` with a list per group
 * (headed by its name), parents as disclosure buttons, the current page marked `aria-current`.
 * Collapsed, it shows icons only: each entry keeps its name (visually hidden, shown as a tooltip on
 * hover or focus) and a parent opens its entries in a fly-out beside it.
 */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { access } = useCurrentUser();
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenu(access), [access]);
  const { selected, open: currentParents } = selectedMenuKeys(tree, pathname);
  const [open, setOpen] = useState<string[]>(currentParents);
  const [flyout, setFlyout] = useState<{ key: string; top: number; left: number } | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  // A page reached another way (a link, the browser's history) opens the parent it sits under.
  const currentParent = currentParents[0];
  useEffect(() => {
    if (currentParent) setOpen((keys) => (keys.includes(currentParent) ? keys : [...keys, currentParent]));
  }, [currentParent]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fly-out or tooltip never outlives the page or the mode
  useEffect(() => {
    setFlyout(null);
    setTip(null);
  }, [pathname, collapsed]);

  // The fly-out closes on Escape (focus back on its parent) and on a click anywhere else.
  useEffect(() => {
    if (!flyout) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const parent = document.getElementById(`${baseId}-${flyout.key}-button`);
      setFlyout(null);
      parent?.focus();
    };
    const onPointer = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setFlyout(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [flyout, baseId]);

  useEffect(() => {
    if (!tip) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setTip(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [tip]);

  const showTip = (text: string) =>
    collapsed
      ? {
          onPointerEnter: (event: PointerEvent<HTMLElement>) =>
            setTip({ text, ...besideOf(event.currentTarget) }),
          onPointerLeave: () => setTip(null),
          onFocus: (event: FocusEvent<HTMLElement>) => setTip({ text, ...besideOf(event.currentTarget) }),
          onBlur: () => setTip(null),
        }
      : {};

  const label = (text: string) => (
    <span className={collapsed ? 'ov-visually-hidden' : 'ov-menu__label'}>{text}</span>
  );

  const leaf = (node: MenuNode, nested: boolean): ReactNode => {
    const current = selected.includes(node.key);
    const text = t(node.labelKey);
    return (
      <li key={node.key}>
        <Link
          to={node.to ?? '/'}
          className={`ov-menu__item${current ? ' ov-menu__item--current' : ''}`}
          aria-current={current ? 'page' : undefined}
          onClick={() => {
            setFlyout(null);
            onNavigate?.();
          }}
          {...(nested ? {} : showTip(text))}
        >
          {MENU_ICONS[node.icon]}
          {nested && collapsed ? <span className="ov-menu__label">{text}</span> : label(text)}
        </Link>
      </li>
    );
  };

  const parent = (node: MenuNode): ReactNode => {
    const listId = `${baseId}-${node.key}`;
    const text = t(node.labelKey);
    const expanded = collapsed ? flyout?.key === node.key : open.includes(node.key);
    const holdsCurrent = node.children?.some((child) => selected.includes(child.key)) ?? false;
    const toggle = (button: HTMLElement) => {
      if (collapsed) {
        if (expanded) setFlyout(null);
        else {
          const { box } = besideOf(button);
          setTip(null);
          setFlyout({ key: node.key, top: box.top, left: box.right + 4 });
        }
        return;
      }
      setOpen((keys) =>
        keys.includes(node.key) ? keys.filter((key) => key !== node.key) : [...keys, node.key],
      );
    };
    return (
      <li key={node.key}>
        <button
          type="button"
          id={`${listId}-button`}
          className={`ov-menu__item ov-menu__parent${holdsCurrent ? ' ov-menu__parent--current' : ''}`}
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          onClick={(event) => toggle(event.currentTarget)}
          {...(expanded ? {} : showTip(text))}
        >
          {MENU_ICONS[node.icon]}
          {label(text)}
          {collapsed ? null : <span className="ov-menu__arrow" aria-hidden="true" />}
        </button>
        {expanded ? (
          <ul
            id={listId}
            className={collapsed ? 'ov-menu__flyout' : 'ov-menu__sub'}
            aria-label={collapsed ? text : undefined}
            style={collapsed && flyout ? { top: flyout.top, left: flyout.left } : undefined}
          >
            {node.children?.map((child) => leaf(child, true))}
          </ul>
        ) : null}
      </li>
    );
  };

  const groups = [
    { key: 'customer', labelKey: 'menu.groups.customer', nodes: tree.customer },
    { key: 'admin', labelKey: 'menu.groups.admin', nodes: tree.admin },
  ].filter((group) => group.nodes.length > 0);

  return (
    <nav
      ref={navRef}
      className={`ov-menu${collapsed ? ' ov-menu--collapsed' : ''}`}
      aria-label={t('shell.mainMenu')}
      data-testid="side-menu"
    >
      {groups.map((group) => {
        const headingId = `${baseId}-group-${group.key}`;
        return (
          <div key={group.key} className="ov-menu__group">
            <h2 id={headingId} className={collapsed ? 'ov-visually-hidden' : 'ov-menu__group-title'}>
              {t(group.labelKey)}
            </h2>
            <ul aria-labelledby={headingId} className="ov-menu__list">
              {group.nodes.map((node) => (node.children ? parent(node) : leaf(node, false)))}
            </ul>
          </div>
        );
      })}
      {tip ? (
        <div className="ov-menu__tooltip" aria-hidden="true" style={{ top: tip.top, left: tip.left }}>
          {tip.text}
        </div>
      ) : null}
    </nav>
  );
}
