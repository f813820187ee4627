// Steps of the accessibility sweep: sign in, wait for a page to settle, run axe.
import { createRequire } from 'node:module';

// axe-core as @axe-core/playwright has it (the same version, resolved from that package).
const { source: AXE_SOURCE } = createRequire(import.meta.resolve('@axe-core/playwright'))('axe-core');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The two profiles every page is checked on (browser context options). The phone is a real one, as
// Playwright's device descriptors have it: touch, mobile viewport meta honoured, DPR 2 — a hover
// colour stays after every tap there, and the header shows the initials instead of the name.
export const DESKTOP = { viewport: { width: 1366, height: 800 } };
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export async function signInAs(page, baseUrl, role) {
  await page.goto(`${baseUrl}/oficina_virtual/login`);
  await page.locator('#email').fill(role.email);
  await page.locator('#password').fill(role.password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor();
}

/**
 * Waits until the page has drawn its content: its heading, no route loader, spinner or skeleton, and
 * no motion (dialogs, drawers, menus) in any of its phases — an overlay about to fade in is still
 * transparent and would be measured with washed-out colours.
 */
async function drawn(page) {
  await page.waitForFunction(
    () => {
      const motion = /-(appear|enter|leave)(-(prepare|start|active))?$/;
      const moving = [
        ...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
      ].some((element) => [...element.classList].some((name) => motion.test(name)));
      return (
        Boolean(document.querySelector('h1, main, [role="main"]')) &&
        !document.querySelector(
          '.ant-spin-spinning, .ant-skeleton-active, .ov-spin--spinning, .ov-skeleton--active, .ov-page-loader',
        ) &&
        !moving &&
        document.getAnimations().every((animation) => animation.playState !== 'running')
      );
    },
    null,
    { timeout: 20_000, polling: 100 },
  );
}

/**
 * The page as the user sees it once it has stopped changing: drawn (above), then nothing in it changes
 * for 300 ms. A late answer re-renders it and starts transitions (a button turning from disabled to
 * enabled fades its colours for 0.2 s); axe reading colours mid-fade reports contrast that is never
 * seen at rest. Gives up waiting for quiet after 20 tries (a page that keeps changing is still checked).
 */
export async function settled(page) {
  for (let attempt = 0; attempt < 20; attempt++) {
    await drawn(page);
    const quiet = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let changed = false;
          const observer = new MutationObserver(() => {
            changed = true;
          });
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          setTimeout(() => {
            observer.disconnect();
            resolve(
              !changed && document.getAnimations().every((animation) => animation.playState !== 'running'),
            );
          }, 300);
        }),
    );
    if (quiet) return;
  }
}

/**
 * The violations on the page as it is now (rule, impact, help and the elements): axe-core's
 * `axe.run` with the WCAG 2.0–2.2 A/AA tags, in the page itself. axe is put into a document once and
 * kept for its further states (a dialog, a menu), where `AxeBuilder.analyze()` injected it at every
 * call and finished each run in a new blank tab (its cross-frame mode: the portal has no frames).
 * All result types are kept: axe's `resultTypes: ['violations']` would trim the passing elements that
 * page-wide rules (region, page-has-heading-one, heading-order) decide on, and they then report
 * violations that are not there; only the violations come back from the page.
 */
export async function analyze(page) {
  await settled(page);
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        html: node.html.slice(0, 200),
        summary: node.failureSummary?.slice(0, 300),
      })),
    }));
  }, WCAG_TAGS);
}

/** Opens the first row's side dialog through its row menu ("Details"); false on an empty list. */
export async function openFirstRowDetail(page) {
  const actions = page.getByTestId('row-actions').first();
  if (!(await actions.isVisible())) return false;
  await actions.click();
  const item = page.locator('.ov-actions-menu').getByRole('menuitem').first();
  await item.waitFor();
  await item.click();
  await page
    .locator('.ov-detail__body, .ant-drawer-open .ant-drawer-body, .ant-modal-wrap .ant-modal-body')
    .first()
    .waitFor();
  return true;
}
