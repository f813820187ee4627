const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The first element Tab should reach after `container` in document order. */
function nextTabbableAfter(container: Element): HTMLElement | undefined {
  return Array.from(document.querySelectorAll<HTMLElement>(TABBABLE)).find(
    (element) =>
      !container.contains(element) &&
      container.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !element.closest('.ant-picker-dropdown') &&
      visible(element),
  );
}

/**
 * An empty Ant Design date-range field keeps forward Tab inside itself (the end field sends focus back
 * to the empty start one): Tab in an empty range, or in its end field, leaves the picker for what
 * follows it, as in any other field. Installed once for the whole app.
 */
export function installRangePickerTab(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const picker = input.closest('.ant-picker-range');
    if (!picker) return;
    const inputs = Array.from(picker.querySelectorAll<HTMLInputElement>('input'));
    const index = inputs.indexOf(input);
    // A filled start goes on to the end date as usual; an empty range (the picker would send focus
    // back to its start) and the end field leave the picker.
    if (index === 0 && input.value) return;
    const target = nextTabbableAfter(picker);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    target.focus();
  };
  document.addEventListener('keydown', onKeyDown, true);
  return () => document.removeEventListener('keydown', onKeyDown, true);
}
