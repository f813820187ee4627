// Shared by the key paths (customer.spec.mjs, staff.spec.mjs).
import { expect } from '../fixtures.mjs';

/** The tab's name, as components/a11y/page-announcer.tsx composes it. */
export const titleOf = (T, page) => (page ? `${page} · ${T.brand}` : `${T.brand} · ${T.utility}`);

/** The page's main heading, in the signed-in frame or a public page. */
export const heading = (page) => page.getByRole('heading', { level: 1 });

/** The open popup of an antd dropdown (user menu, row menu), portalled outside the page. */
export const openDropdown = (page) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menu');

/**
 * Waits until the open popup has finished sliding in: a click on an item while it still animates
 * can be lost (the item is not clicked, the menu stays open).
 */
export async function expectMenuOpen(popup) {
  await expect(popup).toBeVisible();
  await expect
    .poll(() =>
      popup.evaluate((menu) => menu.closest('.ant-dropdown').getAnimations({ subtree: true }).length),
    )
    .toBe(0);
}
