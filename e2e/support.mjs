// Shared steps of the browser journeys.

/**
 * Signs out through the user menu. A click that lands while the menu is still opening (or
 * re-rendering after a language switch) can miss on a loaded machine; the menu is opened again and
 * the click retried, as a person would. Resolves once the tokens are gone from the device.
 */
export async function signOutThroughMenu(page, label) {
  const item = page.getByTestId('user-menu-panel').locator('a, button', { hasText: label });
  for (let attempt = 1; ; attempt++) {
    try {
      // The menu can close under a person's hand when the header re-renders (a read comes back):
      // a short click, and the next attempt opens the menu again.
      if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
      await item.click({ timeout: 5000 });
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
 * Chooses an option of one of our native selects (`components/native-select`, the list filters and
 * simple pickers) by its visible text, as a person picking from the browser's own list would.
 */
export async function chooseNative(select, label) {
  await select.selectOption({ label });
}

/**
 * Ticks (or with `{ clear: true }` clears) the choices of one of our multi-choice filters
 * (`components/multi-choice`: a disclosure button over a group of checkboxes), then closes it with
 * Escape, which puts the focus back on its button. The panel closes when the focus leaves it: a side
 * dialog closed just before hands the focus back to its opener a moment later, which can close a
 * panel opened in between; it is opened again (at most three times) until the choice is made.
 */
export async function chooseChoices(page, filter, labels, { clear = false } = {}) {
  const button = filter.locator('.ov-choice__button');
  const group = filter.getByRole('group');
  for (let attempt = 1; ; attempt++) {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await group.waitFor();
    try {
      if (clear) {
        await filter.locator('.ov-choice__clear').click({ timeout: 5000 });
      } else {
        for (const label of labels)
          await group.getByRole('checkbox', { name: label }).check({ timeout: 5000 });
        await page.keyboard.press('Escape');
      }
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await group.waitFor({ state: 'hidden' });
}

/**
 * Chooses an option of an Ant Design single select (the forms' selects; opened by clicking `trigger`) and waits for its list to
 * close. A click on an option while the list is still sliding in can be lost; the option is clicked
 * again (the list reopened if needed) until the choice takes.
 */
export async function chooseOption(page, trigger, text, { typed } = {}) {
  const option = page.locator(`${OPEN_SELECT_LIST} .ant-select-item-option`, { hasText: text }).first();
  // The search text can be lost when typed while the list is still opening; unfiltered, the option may
  // sit outside the virtual list's window, where scrolling to it re-renders it away from under the click.
  const searchLost = async () => Boolean(typed) && (await trigger.inputValue().catch(() => typed)) !== typed;
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) await trigger.click();
    if (await searchLost()) await trigger.fill(typed);
    try {
      await option.click({ timeout: 10_000 });
      await page.waitForFunction((selector) => !document.querySelector(selector), OPEN_SELECT_LIST, {
        timeout: 5000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Adds a value to an Ant Design multiple select (its list stays open): clicks the option until `select` shows it
 * as a chosen tag. A click on an option while the list is still sliding in can be lost; the option is
 * clicked again (the list reopened, the text typed again, if needed), never once the value is chosen.
 */
export async function chooseTag(page, select, input, text, { typed, tag = text } = {}) {
  const option = page.locator(`${OPEN_SELECT_LIST} .ant-select-item-option`, { hasText: text }).first();
  const chosen = select.locator('.ant-select-selection-item', { hasText: tag });
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) {
      await input.click();
      if (typed) await input.fill(typed);
    }
    await option.click();
    try {
      await chosen.first().waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3 || (await chosen.count())) throw error;
    }
  }
}

/**
 * Runs a row action that asks for confirmation (row menu › item › confirm button) and waits for
 * `done`, the sign that it took (a new status tag, the row gone). On a loaded machine a click can land
 * while the menu or the dialog is still animating in and be lost; each step is then taken again, as a
 * person would, but only while the action has not yet taken (`done` is checked first), so it never
 * runs twice.
 */
export async function confirmRowAction(page, { row, item, confirm, done, state = 'visible' }) {
  const took = async () => (state === 'visible' ? done.first().isVisible() : (await done.count()) === 0);
  const menuItem = page.locator('.ov-actions-menu').getByRole('menuitem', { name: item });
  const quick = { timeout: 5000 };
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await confirm.isVisible())) {
        if (!(await menuItem.isVisible())) await row.getByTestId('row-actions').click(quick);
        await menuItem.click(quick);
        await confirm.waitFor(quick);
      }
      await confirm.click(quick);
      await done.first().waitFor({ state, timeout: 15_000 });
      return;
    } catch (error) {
      if (await took()) return;
      if (attempt === 3) throw error;
    }
  }
}

/** Fills the sign-in form at `loginUrl` and submits it; the caller waits for what it expects next. */
export async function submitSignIn(page, loginUrl, email, password) {
  await page.goto(loginUrl);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Waits until `check()` (an async read of what the page shows) returns true, or `timeout` passes;
 * the caller then asserts what it reads, so a page that never gets there fails with its message.
 * For lists that re-render after a filter or a first load (the old rows stay on screen meanwhile).
 */
export async function until(check, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Waits until nothing on the page is moving: no Ant Design motion class (a dialog, drawer or message
 * appearing or leaving) and no finite CSS animation or transition running (spinners, which never
 * end, do not count). Before a screenshot or a reading that a sliding panel would spoil. A page
 * that keeps something moving (a transition restarted by every render) is taken as it is after
 * `timeout`: this is a wait, the journeys' assertions are elsewhere.
 */
export async function settle(page, timeout = 5_000) {
  await page
    .waitForFunction(
      () => {
        const motion = /-(appear|enter|leave)(-(prepare|start|active))?$/;
        const moving = [
          ...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
        ].some((element) => [...element.classList].some((name) => motion.test(name)));
        const finite = document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
        return !moving && finite.every((animation) => animation.playState !== 'running');
      },
      null,
      { timeout, polling: 100 },
    )
    .catch((error) => {
      if (!/Timeout/.test(String(error))) throw error;
    });
}
