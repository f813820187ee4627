/**
 * Where focus goes back when a side dialog closes. The dialog is opened from a row menu item (gone once
 * the menu closes) or by a route change, so the dialog cannot rely on "the element focused before";
 * the control that opened it says so here (the row's "⋮" button, "Agregar").
 */
let trigger: HTMLElement | null = null;

export function rememberTrigger(element: HTMLElement | null | undefined): void {
  trigger = element ?? null;
}

/**
 * A dialog opening with none remembered (its own control changed the address: an invoice's
 * "Detalles" in a table) takes the control that had focus as its trigger, so that closing it goes
 * back there and not to the page's heading. Nothing when focus was nowhere (a dialog opened by the
 * address on arrival).
 */
export function rememberFocusedTrigger(): void {
  const active = document.activeElement;
  if (trigger?.isConnected || !(active instanceof HTMLElement) || active === document.body) return;
  trigger = active;
}

/** Focuses the remembered trigger when it is still on the page (else the page's heading). */
export function returnFocus(): void {
  const target = trigger?.isConnected ? trigger : document.querySelector<HTMLElement>('#ov-main h1');
  trigger = null;
  if (!target) return;
  if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * For a dialog removed from the page before its closing animation ended (the list returns to its own
 * address after the spec's 0.5 s, sooner than a slow closing): focus goes back to the trigger still
 * waiting for it, and nowhere when none is waiting (the animation's end already handed it back).
 */
export function returnFocusIfPending(): void {
  if (trigger) returnFocus();
}
