const INTERACTIVE =
  'button, a, [role="button"], [role="menuitem"], [role="tab"], [role="option"], [role="switch"], [role="checkbox"]';

function hide(icon: Element) {
  const host = icon.parentElement?.closest(INTERACTIVE);
  // An icon that is all a control shows, on a control without a name of its own, keeps naming it.
  if (host && !host.hasAttribute('aria-label') && !host.hasAttribute('aria-labelledby')) {
    if (!host.textContent?.trim()) return;
  }
  icon.removeAttribute('aria-label');
  icon.setAttribute('aria-hidden', 'true');
}

function scan(node: Node) {
  if (!(node instanceof Element)) return;
  if (node.matches('.anticon[aria-label]')) hide(node);
  for (const icon of node.querySelectorAll('.anticon[aria-label]')) hide(icon);
}

/**
 * Ant Design icons announce their English file name ("delete", "credit-card"), which then leads the
 * name of every button that shows one ("delete Quitar"): icons beside a visible text or a label, and
 * icons outside any control, are decorative and hidden from assistive technology. Installed once.
 */
export function installDecorativeIcons(): () => void {
  scan(document.body);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) scan(node);
      // A control's text can arrive after its icon (a label rendered in the next pass).
      if (record.target instanceof Element) {
        const host = record.target.closest(INTERACTIVE);
        if (host) scan(host);
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
