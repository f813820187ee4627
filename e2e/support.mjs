// Shared steps of the browser journeys.

/**
 * Signs out through the user menu. A click that lands while the menu is still opening (or
 * re-rendering after a language switch) can miss on a loaded machine; the menu is opened again and
 * the click retried, as a person would. Resolves once the tokens are gone from the device.
 */
export async function signOutThroughMenu(page, label) {
  const item = page.locator('.ant-dropdown-menu-item', { hasText: label });
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
    await item.click();
    try {
      await page.waitForFunction(() => !localStorage.getItem('ov.session.accessToken'), null, {
        timeout: 5000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const OPEN_SELECT_LIST = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/**
 * Chooses an option of a single select (opened by clicking `trigger`) and waits for its list to
 * close. A click on an option while the list is still sliding in can be lost; the option is clicked
 * again (the list reopened if needed) until the choice takes.
 */
export async function chooseOption(page, trigger, text, { typed } = {}) {
  const option = page.locator(`${OPEN_SELECT_LIST} .ant-select-item-option`, { hasText: text }).first();
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) {
      await trigger.click();
      if (typed) await trigger.fill(typed);
    }
    await option.click();
    try {
      await page.waitForFunction((selector) => !document.querySelector(selector), OPEN_SELECT_LIST, {
        timeout: 5000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
