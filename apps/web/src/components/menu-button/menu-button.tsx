import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { type Placement, useFollow, withProps } from '../ui/floating';
import './menu-button.css';

/** One entry of the menu (the shape of Ant Design's menu items, so row actions keep their form). */
export interface MenuEntry {
  key: string;
  label?: ReactNode;
  icon?: ReactNode;
  /** Red: a destructive action. */
  danger?: boolean;
  /** Shown, reachable with the arrows, but does nothing. */
  disabled?: boolean;
  onClick?: (info: { key: string; domEvent: MouseEvent | KeyboardEvent }) => void;
  /** A choice among the entries (`menuitemradio`): whether it is the chosen one. */
  checked?: boolean;
  /** `divider`: a line between groups of entries. */
  type?: 'divider';
  /** A link (the router's): the entry is an `<a>`, so it can also open in a new tab. */
  to?: string;
}

export interface MenuButtonProps {
  /** The entries; `null`/`false` ones are skipped. */
  items: readonly (MenuEntry | null | false | undefined)[];
  /** The trigger: one element that takes focus and a ref (our Button, a native button). */
  children: ReactElement;
  placement?: Placement;
  /** Called with the trigger before an entry's action runs (e.g. to remember where focus returns). */
  onChoose?: (trigger: HTMLElement | null, key: string) => void;
  /** Class of the popup (the menu list, or the panel holding `header` and the list). */
  className?: string;
  /** The menu's name (the trigger's `aria-label` when not given). */
  label?: string;
  /** Shown above the entries, outside the menu (not an entry): e.g. who is signed in. */
  header?: ReactNode;
  /** `data-testid` of the popup. */
  testId?: string;
  /** The element the popup is placed from (the trigger when not given): e.g. a box around it. */
  anchor?: RefObject<HTMLElement | null>;
}

/**
 * A menu button (WAI-ARIA APG): the trigger has `aria-haspopup="menu"` and `aria-expanded`; a click,
 * Enter, Space or ArrowDown opens a `role="menu"` list with focus on its first entry (ArrowUp: on the
 * last). Arrows move (wrapping), Home/End jump, a letter finds the next entry starting with it, Enter
 * or Space chooses, Escape closes and returns focus to the trigger; a click or focus outside closes it.
 * Tab and Shift+Tab close it as if it sat right after its trigger: Tab moves on past the trigger,
 * Shift+Tab lands on it. The popup is drawn in `document.body` (position: fixed, placed from the
 * trigger's box or `anchor`'s, `--ov-menu-anchor-width` set to that box's width), above a table's
 * sticky cells and any dialog; its entries are out of the Tab order.
 */
export function MenuButton({
  items,
  children,
  placement = 'bottomRight',
  onChoose,
  className,
  label,
  header,
  testId,
  anchor,
}: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<'first' | 'last'>('first');
  const list = useRef<HTMLDivElement>(null);
  const entries = items.filter(Boolean) as MenuEntry[];
  const getAnchor = useCallback(
    () => document.querySelector<HTMLElement>(`[data-ov-actions-menu="${id}"]`),
    [id],
  );
  const getList = useCallback(() => list.current, []);
  const getBox = useCallback(() => anchor?.current ?? getAnchor(), [anchor, getAnchor]);
  // Before it is placed (useFollow measures it): a popup's CSS may make it as wide as that box.
  useLayoutEffect(() => {
    if (open) list.current?.style.setProperty('--ov-menu-anchor-width', `${getBox()?.offsetWidth ?? 0}px`);
  }, [open, getBox]);
  useFollow(open, getBox, getList, placement);

  const itemsOf = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  const close = useCallback(
    (focusTrigger: boolean) => {
      setOpen(false);
      if (focusTrigger) getAnchor()?.focus();
    },
    [getAnchor],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus goes in only when it opens
  useEffect(() => {
    if (!open) return;
    const all = itemsOf();
    (initial === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onOutside = (event: Event) => {
      const target = event.target as Node;
      if (list.current?.contains(target) || getAnchor()?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  const openWith = (which: 'first' | 'last') => {
    setInitial(which);
    setOpen(true);
  };

  const choose = (entry: MenuEntry, event: MouseEvent | KeyboardEvent) => {
    if (entry.disabled) {
      event.preventDefault();
      return;
    }
    const trigger = getAnchor();
    close(true);
    onChoose?.(trigger, entry.key);
    entry.onClick?.({ key: entry.key, domEvent: event });
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      // From the trigger, the browser's Tab goes on past it; Shift+Tab stops there.
      close(true);
      if (event.shiftKey) event.preventDefault();
    } else if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      // A link entry chooses with Space too, as a button does.
      event.preventDefault();
      event.target.click();
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLocaleLowerCase();
      const order = [...all.slice(at + 1), ...all.slice(0, at + 1)];
      const found = order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter));
      if (found) {
        event.preventDefault();
        found.focus();
      }
    }
  };

  const trigger = withProps(children, {
    'data-ov-actions-menu': id,
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => (open ? setOpen(false) : openWith('first')),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openWith(event.key === 'ArrowUp' ? 'last' : 'first');
      } else if (event.key === 'Escape' && open) {
        event.stopPropagation();
        setOpen(false);
      }
    },
  });

  const menuLabel = label ?? (children.props as { 'aria-label'?: string })['aria-label'];
  const entryElements = entries.map((entry, index) => {
    if (entry.type === 'divider') {
      return <hr key={entry.key || `divider-${index}`} className="ov-actions-menu__divider" />;
    }
    const common = {
      role: entry.checked === undefined ? 'menuitem' : 'menuitemradio',
      'aria-checked': entry.checked,
      tabIndex: -1,
      'aria-disabled': entry.disabled || undefined,
      'data-menu-key': entry.key,
      className: [
        'ov-actions-menu__item',
        entry.danger ? 'ov-actions-menu__item--danger' : '',
        entry.disabled ? 'ov-actions-menu__item--disabled' : '',
        entry.checked ? 'ov-actions-menu__item--checked' : '',
      ]
        .filter(Boolean)
        .join(' '),
      onClick: (event: MouseEvent) => choose(entry, event),
    };
    const content = (
      <>
        {entry.icon ? (
          <span className="ov-actions-menu__icon" aria-hidden="true">
            {entry.icon}
          </span>
        ) : null}
        <span className="ov-actions-menu__label">{entry.label}</span>
      </>
    );
    return entry.to === undefined ? (
      <button key={entry.key} type="button" {...common}>
        {content}
      </button>
    ) : (
      <Link key={entry.key} to={entry.to} {...common}>
        {content}
      </Link>
    );
  });
  // The popup: the menu itself, or (with a header) a panel holding the header and the menu.
  const popup = {
    ref: list,
    className: ['ov-actions-menu', className].filter(Boolean).join(' '),
    'data-testid': testId,
    // A click on its padding or header keeps focus in it (Escape, the arrows and Tab still work).
    tabIndex: -1,
    onKeyDown: onListKey,
  };
  const menu = { id, role: 'menu', 'aria-label': menuLabel };

  return (
    <>
      {trigger}
      {open
        ? createPortal(
            header ? (
              <div {...popup}>
                <div className="ov-actions-menu__header">{header}</div>
                <div {...menu} className="ov-actions-menu__list">
                  {entryElements}
                </div>
              </div>
            ) : (
              <div {...popup} {...menu}>
                {entryElements}
              </div>
            ),
            document.body,
          )
        : null}
    </>
  );
}
