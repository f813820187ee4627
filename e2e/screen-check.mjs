// What no page may show (issue 26): text that is source code or a value never meant for people —
// JSX that lost its braces (`? (`, `) : null`), an unfilled `{{placeholder}}` or a stray brace,
// `undefined`, `[object Object]`, `NaN` — and an alert box with nothing in it. Every browser context of
// the journeys and key paths gets `watchScreens`: an init script whose MutationObserver reads the page
// after each change and reports what it finds through a binding; the fixture fails the test at its end
// with each finding (page address, where, and the text).
//
// Precise rather than allow-listed: only text a person sees (rendered, not hidden, not clipped to a
// 1 px screen-reader box), never inside <pre>/<code> (trace values, codes shown as code) or in what the
// user typed (field values are not text nodes); placeholders count, they are seen.

const BINDING = '__ovScreenLeak';

/** Runs in the page (as an init script): watches it and reports through the binding. */
function watch(binding) {
  if (window[`${binding}Installed`]) return;
  window[`${binding}Installed`] = true;
  // JSX that lost its braces reads `cond ? (` / `cond && (` before an element and `) : null` after it.
  const CODE = [
    [/\w\s*\?\s*\(\s*$/, '? ('],
    [/&&\s*\(\s*$/, '&& ('],
    [/\)\s*:\s*null\b/, ') : null'],
    [/[{}]/, 'brace'],
    [/\bundefined\b/, 'undefined'],
    [/\[object \w+\]/, '[object …]'],
    [/\bNaN\b/, 'NaN'],
  ];
  const SKIP = 'script, style, noscript, template, pre, code, textarea, svg, [contenteditable="true"]';
  const ALERTS = '[role="alert"], .ant-alert, .ov-alert';
  const seen = new Set();
  const report = (kind, element, text) => {
    const where = describe(element);
    const key = `${location.pathname}|${kind}|${where}|${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    window[binding]?.({ kind, url: location.pathname + location.search, where, text }).catch?.(() => {});
  };
  const describe = (element) => {
    const parts = [];
    for (let e = element; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const id = e.getAttribute('data-testid') ?? e.id;
      const cls = typeof e.className === 'string' ? e.className.split(/\s+/).filter(Boolean)[0] : '';
      parts.unshift(`${e.tagName.toLowerCase()}${id ? `[${id}]` : cls ? `.${cls}` : ''}`);
    }
    return parts.join(' > ');
  };
  // Seen: laid out, not hidden by CSS or an ancestor, and bigger than a visually-hidden live region.
  const shown = (element) => {
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 2 && box.height > 2;
  };
  const scan = () => {
    if (!document.body) return;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue;
      if (!text?.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest(SKIP)) continue;
      const hit = CODE.find(([pattern]) => pattern.test(text));
      if (hit && shown(parent)) report(`code-like text (${hit[1]})`, parent, text.trim().slice(0, 120));
    }
    for (const field of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const text = field.getAttribute('placeholder');
      const hit = CODE.find(([pattern]) => pattern.test(text));
      if (hit && shown(field)) report(`code-like placeholder (${hit[1]})`, field, text);
    }
    for (const alert of document.querySelectorAll(ALERTS)) {
      if (alert.closest('.ant-form-item-explain')) continue; // a field's error list, empty between errors
      const label = alert.getAttribute('aria-label') ?? '';
      if (!alert.innerText.trim() && !label.trim() && shown(alert)) report('empty alert', alert, '');
    }
  };
  let timer = 0;
  let last = 0;
  // At most every 100 ms, and once more after the last change (a leading and a trailing read).
  const schedule = () => {
    if (timer) return;
    const wait = Math.max(0, 100 - (performance.now() - last));
    timer = setTimeout(() => {
      timer = 0;
      last = performance.now();
      try {
        scan();
      } catch {
        // A node removed mid-read: the next change reads again.
      }
    }, wait);
  };
  const start = () => {
    new MutationObserver(schedule).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden', 'placeholder', 'aria-hidden'],
    });
    schedule();
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/**
 * Adds the watch to a browser context; returns the list its pages' findings land in (strings such as
 * `empty alert at /oficina_virtual/contract-request in div.ant-alert`).
 */
export async function watchScreens(context, found = []) {
  await context.exposeBinding(BINDING, (_source, { kind, url, where, text }) => {
    found.push(`${kind} at ${url} in ${where}${text ? `: ${JSON.stringify(text)}` : ''}`);
  });
  await context.addInitScript(watch, BINDING);
  return found;
}

/**
 * Makes every context `browser` opens (and every `browser.newPage()`, which opens one) watched until
 * `restore()`; `found` gathers the findings of all of them.
 */
export function watchBrowser(browser) {
  const found = [];
  const original = browser.newContext;
  browser.newContext = async function newContext(...args) {
    const context = await original.apply(this, args);
    await watchScreens(context, found);
    return context;
  };
  return {
    found,
    restore: () => {
      browser.newContext = original;
    },
  };
}
