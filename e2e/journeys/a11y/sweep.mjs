// Steps of the accessibility sweep: sign in, wait for a page to settle, run axe.
import AxeBuilder from '@axe-core/playwright';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function signInAs(page, baseUrl, role) {
  await page.goto(`${baseUrl}/oficina_virtual/login`);
  await page.locator('#email').fill(role.email);
  await page.locator('#password').fill(role.password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor();
}

/**
 * Waits until the page has drawn its content: no route loader, spinner or skeleton, and no
 * animation (dialogs, drawers, menus) still running.
 */
export async function settled(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('h1, main, [role="main"]') &&
      !document.querySelector(
        '.ant-spin-spinning, .ant-skeleton-active, .ov-page-loader, [class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]',
      ) &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    null,
    { timeout: 20_000, polling: 100 },
  );
}

/** The violations on the page as it is now (rule, impact, help and the elements). */
export async function analyze(page) {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
}

/** Opens the first row's side dialog through its row menu ("Details"); false on an empty list. */
export async function openFirstRowDetail(page) {
  const actions = page.getByTestId('row-actions').first();
  if (!(await actions.isVisible())) return false;
  await actions.click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').first();
  await item.waitFor();
  await item.click();
  await page.locator('.ant-drawer-open .ant-drawer-body, .ant-modal-wrap .ant-modal-body').first().waitFor();
  return true;
}
