/** The text a field shows while empty: its placeholder, an antd select's placeholder, or (for the end of a
 * date range with none) the range's first placeholder. */
function placeholderOf(input: HTMLInputElement): string | undefined {
  const select = input.closest('.ant-select');
  if (select) {
    return (
      select
        .querySelector('.ant-select-placeholder, .ant-select-selection-placeholder')
        ?.textContent?.trim() || undefined
    );
  }
  if (input.placeholder.trim()) return input.placeholder.trim();
  const range = input.closest('.ant-picker-range');
  const first = range?.querySelector<HTMLInputElement>('input');
  return first && first !== input && first.placeholder.trim() ? first.placeholder.trim() : undefined;
}

function label(input: HTMLInputElement) {
  if (input.type === 'hidden' || input.labels?.length || input.hasAttribute('aria-labelledby')) return;
  const remembered = input.dataset.ovLabel;
  if (!remembered && input.hasAttribute('aria-label')) return; // named by its page
  const text = remembered ?? placeholderOf(input);
  if (!text) return;
  input.dataset.ovLabel = text;
  if (input.getAttribute('aria-label') !== text) input.setAttribute('aria-label', text);
}

function scan(node: Node) {
  if (!(node instanceof Element)) return;
  for (const input of node.querySelectorAll<HTMLInputElement>(
    '.ant-select input, .ant-picker input, input[placeholder]',
  ))
    label(input);
}

/**
 * Fields named only by their placeholder ("Estado", "Desde": most list filters) are no label for a
 * screen reader once a value is chosen, and an antd select's placeholder is no label at all: every
 * such field without a label of its own gets that text as its aria-label, kept after a value is
 * chosen. Installed once for the whole app.
 */
export function installPlaceholderLabels(): () => void {
  scan(document.body);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) scan(node.parentElement ?? node);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
