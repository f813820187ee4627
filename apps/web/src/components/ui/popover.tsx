import {
  type CSSProperties,
  isValidElement,
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

export interface PopoverProps {
  /** What the panel shows. */
  content?: ReactNode;
  /** A bold line over the content. */
  title?: ReactNode;
  /** Only `click` is supported. */
  trigger?: 'click';
  placement?: Placement;
  /** Controlled: whether it is open (with `onOpenChange`). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Class of the panel. */
  className?: string;
  /** `root`: style of the panel (Ant Design 6's `styles.root`). */
  styles?: { root?: CSSProperties };
  /** One element that takes focus, usually a Button. */
  children: ReactElement;
}

/**
 * A panel that opens under its trigger on click: a disclosure (the trigger has `aria-expanded` and
 * `aria-controls`), placed right after the trigger so Tab walks into it. Escape closes it and puts
 * the focus back on the trigger; a click outside closes it.
 */
export function Popover({
  content,
  title,
  placement = 'top',
  open: controlled,
  onOpenChange,
  className,
  styles,
  children,
}: PopoverProps) {
  const id = useId();
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const panel = useRef<HTMLDivElement>(null);
  const setOpen = useCallback(
    (next: boolean) => {
      setOwn(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const getAnchor = useCallback(() => document.querySelector<HTMLElement>(`[data-ov-popover="${id}"]`), [id]);
  const getPanel = useCallback(() => panel.current, []);
  useFollow(open, getAnchor, getPanel, placement);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || getAnchor()?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const anchor = getAnchor();
      const inside =
        panel.current?.contains(document.activeElement) || anchor?.contains(document.activeElement);
      if (!inside) return;
      event.stopPropagation();
      setOpen(false);
      anchor?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, getAnchor, setOpen]);

  if (!isValidElement(children)) return <>{children}</>;
  const trigger = withProps(children, {
    'data-ov-popover': id,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => setOpen(!open),
  });
  return (
    <>
      {trigger}
      {open ? (
        <div
          ref={panel}
          id={id}
          className={`ov-popover${className ? ` ${className}` : ''}`}
          style={styles?.root}
        >
          {title ? <div className="ov-popover__title">{title}</div> : null}
          <div className="ov-popover__content">{content}</div>
        </div>
      ) : null}
    </>
  );
}
