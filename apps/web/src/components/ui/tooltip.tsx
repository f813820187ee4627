import {
  isValidElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { type Placement, useFollow, withProps } from './floating';
import './ui.css';

export interface TooltipProps {
  /** The text shown; nothing shown when empty. */
  title?: ReactNode;
  placement?: Placement;
  /** One element that takes focus (a button, a link). */
  children: ReactElement;
  /** Extra props (handlers from an enclosing Popover) are passed on to the child. */
  [forwarded: string]: unknown;
}

const SHOW_DELAY = 100;
const HIDE_DELAY = 100;

/**
 * A short text shown above its trigger on pointer hover and on keyboard focus; Escape hides it, the
 * pointer may move onto it (WCAG 1.4.13). It never takes focus. The trigger is described by it
 * (`aria-describedby`) unless the text repeats the trigger's own `aria-label`.
 */
export function Tooltip({ title, placement = 'top', children, ...forwarded }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const popup = useRef<HTMLDivElement>(null);
  const empty = title === undefined || title === null || title === '' || title === false;

  const later = (next: boolean, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(next), delay);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const getAnchor = useCallback(() => document.querySelector(`[data-ov-tooltip="${id}"]`), [id]);
  const getPopup = useCallback(() => popup.current, []);
  useFollow(open && !empty, getAnchor, getPopup, placement);

  if (!isValidElement(children)) return <>{children}</>;
  const own = children.props as Record<string, unknown>;
  const repeatsLabel = typeof title === 'string' && own['aria-label'] === title;
  const trigger = withProps(children, {
    ...forwarded,
    'data-ov-tooltip': id,
    'aria-describedby': empty || repeatsLabel ? undefined : id,
    onMouseEnter: () => later(true, SHOW_DELAY),
    onMouseLeave: () => later(false, HIDE_DELAY),
    onFocus: () => later(true, 0),
    onBlur: () => later(false, 0),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) setOpen(false);
    },
  });
  return (
    <>
      {trigger}
      {empty ? null : (
        <div
          ref={popup}
          id={id}
          role="tooltip"
          className="ov-tooltip"
          hidden={!open}
          onMouseEnter={() => window.clearTimeout(timer.current)}
          onMouseLeave={() => later(false, HIDE_DELAY)}
        >
          {title}
        </div>
      )}
    </>
  );
}
