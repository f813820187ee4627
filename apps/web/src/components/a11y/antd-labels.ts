import i18next from 'i18next';
import './i18n';

/**
 * Names Ant Design's parts draw in English whatever its locale (they are not in es_ES/en_US): a number
 * field's step buttons and a select's clear button. Each is named in the portal's language, and again
 * when the language changes. Only the English default is replaced (a name a screen gave stays).
 */
const PARTS = [
  { selector: '.ant-input-number-action-up', english: 'Increase Value', key: 'a11y.increase' },
  { selector: '.ant-input-number-action-down', english: 'Decrease Value', key: 'a11y.decrease' },
  { selector: '.ant-select-clear, .ant-cascader-clear', english: 'Clear', key: 'a11y.clear' },
] as const;

const MARK = 'data-ov-label';

function label(element: Element) {
  for (const part of PARTS) {
    if (!element.matches(part.selector)) continue;
    const current = element.getAttribute('aria-label');
    if (current === part.english || element.getAttribute(MARK) === part.key) {
      const text = i18next.t(part.key);
      if (current !== text) element.setAttribute('aria-label', text);
      element.setAttribute(MARK, part.key);
    }
  }
}

const ALL = PARTS.map((part) => part.selector).join(', ');

function scan(node: Node) {
  if (!(node instanceof Element)) return;
  if (node.matches(ALL)) label(node);
  for (const element of node.querySelectorAll(ALL)) label(element);
}

export function installAntdLabels(): () => void {
  scan(document.body);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element) label(record.target);
        continue;
      }
      for (const node of record.addedNodes) scan(node);
    }
  });
  // Ant Design writes the English name again on a re-render: the attribute is watched too.
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  const relabel = () => scan(document.body);
  i18next.on('languageChanged', relabel);
  return () => {
    observer.disconnect();
    i18next.off('languageChanged', relabel);
  };
}
