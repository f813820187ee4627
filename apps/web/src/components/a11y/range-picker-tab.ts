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
 * to the start one): Tab in the start field goes to the end field, Tab in the end field leaves the
 * picker for what follows it, as in any other field. Installed once for the whole app.
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
    const target = index < inputs.length - 1 ? inputs[index + 1] : nextTabbableAfter(picker);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    target.focus();
  };
  document.addEventListener('keydown', onKeyDown, true);
  return () => document.removeEventListener('keydown', onKeyDown, true);
}
