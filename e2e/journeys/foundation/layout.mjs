// Layout checks of issue 26 ("What people see"): what stuck out of its box, wrapped or touched, measured
// in the browser at the widths people use, in both languages. Screenshots beside the others.
import { join } from 'node:path';
import { settle, submitSignIn } from '../../support.mjs';

const BASE = '/oficina_virtual';
const ADMIN = ['admin@aguasdelahabana.cu', 'Admin.Oficina.2026'];
const MARIA = ['maria.perez@example.cu', 'Demo.Oficina.2026'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 800 } };

async function open(browser, baseUrl, profile, language, [email, password]) {
  const context = await browser.newContext({ ...profile, locale: language === 'es' ? 'es-ES' : 'en-US' });
  await context.addInitScript((wanted) => localStorage.setItem('ov.language', wanted), language);
  const page = await context.newPage();
  await submitSignIn(page, `${baseUrl}${BASE}/login`, email, password);
  await page.getByTestId('user-menu').waitFor();
  return { context, page };
}

/** How far `inner` reaches past `outer`'s box on each side (0 or less: inside). */
async function overflow(inner, outer) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return Math.max(b.x - a.x, a.x + a.width - (b.x + b.width), b.y - a.y, a.y + a.height - (b.y + b.height));
}

/** A day of payments for the dashboard's charts (a fresh database has none in the default period). */
async function dashboardData(page) {
  const json = (body) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/payment-request/payment-by-status', (route) =>
    route.fulfill(
      json([
        { _id: 'PAYED', count: 120 },
        { _id: 'FAILED', count: 14 },
        { _id: 'CANCELED', count: 9 },
        { _id: 'PENDING', count: 3 },
        { _id: 'REFUNDED', count: 2 },
        { _id: 'PENDING_REFUNDED', count: 1 },
      ]),
    ),
  );
}

/** Phones: the dashboard's legend in its card, a code card's actions on one line, the record's filters folded. */
export async function phoneLayout({ browser, baseUrl, screenshotDir, assert }) {
  for (const language of ['es', 'en']) {
    const admin = await open(browser, baseUrl, PHONE, language, ADMIN);
    await dashboardData(admin.page);
    await admin.page.goto(`${baseUrl}${BASE}/`);
    const card = admin.page.getByTestId('chart-status');
    const legend = card.locator('.ov-chart-legend');
    await legend.waitFor();
    await settle(admin.page);
    assert.ok((await overflow(legend, card)) <= 0, `${language}: the status legend is inside its card`);
    await card.screenshot({ path: join(screenshotDir, `layout-dashboard-status-390-${language}.png`) });
    await admin.context.close();

    const maria = await open(browser, baseUrl, PHONE, language, MARIA);
    await maria.page.goto(`${baseUrl}${BASE}/clientCodes`);
    const actions = maria.page.locator('.ov-code-card__actions').first();
    await actions.getByTestId('code-open').waitFor();
    await settle(maria.page);
    const tops = await actions
      .locator(':scope > button, :scope > a, :scope > span > button')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.ok(tops.length >= 2 && new Set(tops).size === 1, `${language}: a code card's actions on one line`);
    const removeName = await actions.getByTestId('code-remove').getAttribute('aria-label');
    const removeText = await actions.getByTestId('code-remove').textContent();
    assert.ok((removeName ?? removeText).trim().length > 0, `${language}: the remove button keeps its name`);
    await maria.page.screenshot({ path: join(screenshotDir, `layout-codes-390-${language}.png`) });

    await maria.page.goto(`${baseUrl}${BASE}/payments/payment-record`);
    const toggle = maria.page.getByTestId('records-filters-toggle');
    await toggle.waitFor();
    assert.equal(await maria.page.getByTestId('filter-status').count(), 0, `${language}: filters folded`);
    const search = await maria.page.getByTestId('list-search').boundingBox();
    const toggleBox = await toggle.boundingBox();
    assert.ok(Math.abs(search.y - toggleBox.y) < 8, `${language}: "Filtros" beside the search`);
    await settle(maria.page);
    await maria.page.screenshot({ path: join(screenshotDir, `layout-record-390-${language}.png`) });
    await toggle.click();
    await maria.page.getByTestId('filter-status').waitFor();
    await settle(maria.page);
    await maria.page.screenshot({ path: join(screenshotDir, `layout-record-filters-390-${language}.png`) });
    await maria.context.close();
  }
}

/** Staff at 1366 px: names in at most two lines, whole menu entries, the dashboard under the staff's title, settings cards apart. */
export async function staffLayout({ browser, baseUrl, screenshotDir, assert }) {
  for (const language of ['es', 'en']) {
    const { context, page } = await open(browser, baseUrl, DESKTOP, language, ADMIN);
    const menu = page.getByTestId('side-menu');
    // The dashboard is the staff's: no "Cliente" group for the administrator.
    const groups = await menu.locator('.ov-menu__group-title').allTextContents();
    assert.deepEqual(
      groups.map((text) => text.trim().toUpperCase()),
      [language === 'es' ? 'ADMINISTRACIÓN' : 'ADMINISTRATION'],
      `${language}: one group title, the staff's (${groups})`,
    );
    await menu.getByText(language === 'es' ? 'Nomencladores' : 'Nomenclators', { exact: true }).click();
    const faqs = menu.locator('.ov-menu__label', {
      hasText: language === 'es' ? 'Configuración de preguntas frecuentes' : 'FAQ',
    });
    await faqs.first().waitFor();
    const cut = await menu
      .locator('.ov-menu__label')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      );
    assert.deepEqual(cut, [], `${language}: no menu entry cut`);

    await page.goto(`${baseUrl}${BASE}/admin/users`);
    const names = page.locator('tbody td.ov-users__name-col strong');
    await names.nth(5).waitFor();
    await settle(page);
    const lines = await names.evaluateAll((els) =>
      els.map((el) =>
        Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
      ),
    );
    assert.ok(Math.max(...lines) <= 2, `${language}: user names in one or two lines (${lines})`);
    const scroll = await page
      .locator('.ov-table__scroll')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(scroll <= 0, `${language}: the users table fits at 1366 px`);
    await page.screenshot({ path: join(screenshotDir, `layout-users-1366-${language}.png`) });

    await page.goto(`${baseUrl}${BASE}/admin/settings`);
    const cards = page.locator('.ov-settings__card');
    await cards.nth(3).waitFor();
    await settle(page);
    const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
    for (let i = 1; i < boxes.length; i++)
      assert.ok(
        boxes[i].top - boxes[i - 1].bottom >= 12,
        `${language}: settings cards ${i} and ${i + 1} apart`,
      );
    await page.screenshot({
      path: join(screenshotDir, `layout-settings-1366-${language}.png`),
      fullPage: true,
    });
    await context.close();
  }
}

/** The sign-up form's errors keep a gap above the next field's label (es and en, 1366 and 390 px). */
export async function registerErrors({ browser, baseUrl, screenshotDir, assert }) {
  for (const [width, profile] of [
    [1366, DESKTOP],
    [390, PHONE],
  ]) {
    for (const language of ['es', 'en']) {
      const context = await browser.newContext({ ...profile, locale: language === 'es' ? 'es-ES' : 'en-US' });
      await context.addInitScript((wanted) => localStorage.setItem('ov.language', wanted), language);
      const page = await context.newPage();
      await page.goto(`${baseUrl}${BASE}/register`);
      await page.locator('form button[type="submit"]').click();
      await page.locator('.ov-field--error').first().waitFor();
      await settle(page);
      const gaps = await page.evaluate(() => {
        const labels = [...document.querySelectorAll('.ov-field__label')].map((el) =>
          el.getBoundingClientRect(),
        );
        return [...document.querySelectorAll('.ov-field__error')]
          .filter((el) => el.textContent)
          .map((error) => {
            const box = error.getBoundingClientRect();
            // The label right under the error (same column).
            const below = labels
              .filter(
                (label) => label.top >= box.bottom - 1 && label.left < box.right && label.right > box.left,
              )
              .sort((a, b) => a.top - b.top)[0];
            return below ? Math.round(below.top - box.bottom) : null;
          })
          .filter((gap) => gap !== null);
      });
      assert.ok(
        gaps.length > 0 && Math.min(...gaps) >= 6,
        `${width} ${language}: errors clear of the next label (${gaps})`,
      );
      await page.screenshot({
        path: join(screenshotDir, `layout-register-errors-${width}-${language}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
}
