import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
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
}

export interface MenuButtonProps {
  /** The entries; `null`/`false` ones are skipped. */
  items: readonly (MenuEntry | null | false | undefined)[];
  /** The trigger: one element that takes focus and a ref (our Button, a native button). */
  children: ReactElement;
  placement?: Placement;
  /** Called with the trigger before an entry's action runs (e.g. to remember where focus returns). */
  onChoose?: (trigger: HTMLElement | null, key: string) => void;
  /** Class of the menu list. */
  className?: string;
  /** The menu's name (the trigger's `aria-label` when not given). */
  label?: string;
}

/**
 * A menu button (WAI-ARIA APG): the trigger has `aria-haspopup="menu"` and `aria-expanded`; a click,
 * Enter, Space or ArrowDown opens a `role="menu"` list with focus on its first entry (ArrowUp: on the
 * last). Arrows move (wrapping), Home/End jump, a letter finds the next entry starting with it, Enter
 * or Space chooses, Escape closes and returns focus to the trigger, Tab or a click outside closes it.
 * The list is drawn in `document.body` (position: fixed, placed from the trigger's box), above a
 * table's sticky cells and any dialog; its entries are out of the Tab order, so its place in the DOM
 * does not matter to the keyboard.
 */
export function MenuButton({
  items,
  children,
  placement = 'bottomRight',
  onChoose,
  className,
  label,
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
  useFollow(open, getAnchor, getList, placement);

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
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (list.current?.contains(target) || getAnchor()?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openWith = (which: 'first' | 'last') => {
    setInitial(which);
    setOpen(true);
  };

  const choose = (entry: MenuEntry, event: MouseEvent | KeyboardEvent) => {
    if (entry.disabled) return;
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
    } else if (event.key === 'Tab') setOpen(false);
    else if (event.key.length === 1 && /\S/.test(event.key)) {
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

  return (
    <>
      {trigger}
      {open
        ? createPortal(
            <div
              ref={list}
              id={id}
              role="menu"
              aria-label={label ?? (children.props as { 'aria-label'?: string })['aria-label']}
              className={['ov-actions-menu', className].filter(Boolean).join(' ')}
              onKeyDown={onListKey}
            >
              {entries.map((entry, index) =>
                entry.type === 'divider' ? (
                  <hr key={entry.key || `divider-${index}`} className="ov-actions-menu__divider" />
                ) : (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked goes with the menuitemradio role
                  <button
                    key={entry.key}
                    type="button"
                    role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
                    aria-checked={entry.checked}
                    tabIndex={-1}
                    aria-disabled={entry.disabled || undefined}
                    data-menu-key={entry.key}
                    className={[
                      'ov-actions-menu__item',
                      entry.danger ? 'ov-actions-menu__item--danger' : '',
                      entry.disabled ? 'ov-actions-menu__item--disabled' : '',
                      entry.checked ? 'ov-actions-menu__item--checked' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    onClick={(event) => choose(entry, event)}
                  >
                    {entry.icon ? (
                      <span className="ov-actions-menu__icon" aria-hidden="true">
                        {entry.icon}
                      </span>
                    ) : null}
                    <span className="ov-actions-menu__label">{entry.label}</span>
                  </button>
                ),
              )}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
