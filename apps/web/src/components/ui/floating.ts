import { cloneElement, isValidElement, type ReactElement, type SyntheticEvent, useLayoutEffect } from 'react';

export type Placement = 'top' | 'topLeft' | 'topRight' | 'bottom' | 'bottomLeft' | 'bottomRight';

const GAP = 8;
const MARGIN = 8;

/**
 * Places `popup` (position: fixed) next to `anchor`: above for top*, below for bottom*, flipped when
 * there is no room, kept inside the viewport sideways. Sets `--ov-arrow-x` (the anchor's centre,
 * relative to the popup) and `data-side` for the arrow.
 */
export function place(anchor: Element, popup: HTMLElement, placement: Placement): void {
  const a = anchor.getBoundingClientRect();
  const width = popup.offsetWidth;
  const height = popup.offsetHeight;
  const vw = document.documentElement.clientWidth || window.innerWidth;
  const vh = window.innerHeight;
  let side: 'top' | 'bottom' = placement.startsWith('top') ? 'top' : 'bottom';
  if (side === 'top' && a.top - height - GAP < MARGIN && a.bottom + height + GAP <= vh) side = 'bottom';
  else if (side === 'bottom' && a.bottom + height + GAP > vh && a.top - height - GAP >= MARGIN) side = 'top';
  let left = placement.endsWith('Left')
    ? a.left
    : placement.endsWith('Right')
      ? a.right - width
      : a.left + a.width / 2 - width / 2;
  left = Math.max(MARGIN, Math.min(left, vw - width - MARGIN));
  const top = side === 'top' ? a.top - height - GAP : a.bottom + GAP;
  popup.style.left = `${Math.round(left)}px`;
  popup.style.top = `${Math.round(top)}px`;
  const arrow = Math.max(12, Math.min(a.left + a.width / 2 - left, width - 12));
  popup.style.setProperty('--ov-arrow-x', `${Math.round(arrow)}px`);
  popup.dataset.side = side;
}

/** Keeps an open popup next to its anchor while the page scrolls or resizes. */
export function useFollow(
  open: boolean,
  getAnchor: () => Element | null,
  getPopup: () => HTMLElement | null,
  placement: Placement,
): void {
  useLayoutEffect(() => {
    if (!open) return;
    const update = () => {
      const anchor = getAnchor();
      const popup = getPopup();
      if (anchor && popup) place(anchor, popup, placement);
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, getAnchor, getPopup, placement]);
}

type Handler = (event: SyntheticEvent) => void;

/**
 * Clones the trigger with extra props; event handlers given by both (the trigger's own and ours) both
 * run, the trigger's first.
 */
export function withProps(child: ReactElement, extra: Record<string, unknown>): ReactElement {
  if (!isValidElement(child)) return child;
  const own = child.props as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...extra };
  for (const [key, value] of Object.entries(extra)) {
    const mine = own[key];
    if (/^on[A-Z]/.test(key) && typeof mine === 'function' && typeof value === 'function') {
      merged[key] = (event: SyntheticEvent) => {
        (mine as Handler)(event);
        (value as Handler)(event);
      };
    }
  }
  const describedBy = [own['aria-describedby'], extra['aria-describedby']].filter(Boolean).join(' ');
  if (describedBy) merged['aria-describedby'] = describedBy;
  return cloneElement(child, merged);
}
