// Commercial offices: an administrator finds the office of a municipality, reads it, changes its opening
// hours (traced), and the public lookup answers the new hours; the screens in both languages, desktop
// and 390 px.

import { join } from 'node:path';
import { test } from '../fixtures.mjs';
import { chooseNative, settle, submitSignIn, until } from '../support.mjs';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026';
const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const BASE = '/oficina_virtual';
const HOURS = 'Lunes a viernes de 8:00 a 17:00; sábados de 8:00 a 12:00';
const HOURS_EN = 'Monday to Friday 8:00 to 17:00; Saturdays 8:00 to 12:00';

async function signIn(page, baseUrl) {
  await submitSignIn(page, `${baseUrl}${BASE}/login`, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('dashboard').waitFor();
}

async function commercialOffices({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shot = (name, p = page) => p.screenshot({ path: join(screenshotDir, `${name}.png`) });
  await signIn(page, baseUrl);
  await page.goto(`${baseUrl}${BASE}/nomenclators/commercial-offices`);
  const list = page.getByTestId('list-commercial-offices');
  await list.locator('tr.ov-table__row').first().waitFor();
  await until(async () => (await list.locator('tr.ov-table__row').count()) === 10);
  assert.equal(await list.locator('tr.ov-table__row').count(), 10, 'a page of ten offices');
  await settle(page);
  await shot('commercial-offices-desktop-es');

  // Filter by municipality, then edit the office's hours.
  await chooseNative(page.getByTestId('filter-municipality'), 'Cerro');
  const row = list.locator('tr.ov-table__row', { hasText: 'Oficina Comercial Cerro' });
  await row.waitFor();
  await until(async () => (await list.locator('tr.ov-table__row').count()) === 1);
  assert.equal(await list.locator('tr.ov-table__row').count(), 1, 'only the Cerro office');
  await row.getByTestId('row-actions').click();
  await page.locator('.ov-actions-menu').getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('office-name').waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="office-name"]')?.value === 'Oficina Comercial Cerro',
  );
  // The hours in both languages (the office's own words in each).
  await dialog.getByTestId('office-hours-es').fill(HOURS);
  await dialog.getByTestId('office-hours-en').fill(HOURS_EN);
  await dialog.getByTestId('office-address').fill('');
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await dialog.getByText('Requerido').first().waitFor(); // the address is required; nothing is sent
  await dialog.getByTestId('office-address').fill('Calzada del Cerro No. 1812 e/ Tulipán y Santa Teresa');
  await settle(page);
  await shot('commercial-offices-form-desktop-es');
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await dialog.waitFor({ state: 'hidden' });
  const served = await fetch(`${baseUrl}/api/commercial-offices/public?municipality=10`).then((r) =>
    r.json(),
  );
  assert.equal(served[0].hours, HOURS, 'the public lookup answers the new hours');
  const servedEn = await fetch(`${baseUrl}/api/commercial-offices/public?municipality=10`, {
    headers: { 'accept-language': 'en' },
  }).then((r) => r.json());
  assert.equal(servedEn[0].hours, HOURS_EN, 'and in English to English pages');

  // An inactive code sends its customer to the office: which one, where and when.
  await page.goto(`${baseUrl}${BASE}/admin/client-codes/2300000000010`);
  const inactive = page.getByTestId('code-inactive');
  await inactive.getByTestId('office-details').getByText('Oficina Comercial', { exact: false }).waitFor();
  assert.ok((await inactive.textContent()).includes('inactivo'), 'says the code is inactive');
  await settle(page);
  await shot('commercial-offices-inactive-code-desktop-es');

  await page.goto(`${baseUrl}${BASE}/nomenclators/commercial-offices`);
  await list.locator('tr.ov-table__row').first().waitFor();
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'Commercial offices' }).waitFor();
  await settle(page);
  await shot('commercial-offices-desktop-en');
  await page.getByRole('button', { name: 'ES', exact: true }).click();
  assert.deepEqual(errors, [], 'no page errors');
  await context.close();

  for (const lang of ['es', 'en']) {
    const phone = await browser.newContext({
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
    });
    const p = await phone.newPage();
    await signIn(p, baseUrl);
    if (lang === 'en') await p.getByRole('button', { name: 'EN', exact: true }).click();
    await p.goto(`${baseUrl}${BASE}/nomenclators/commercial-offices`);
    await p.getByTestId('list-commercial-offices').locator('tr.ov-table__row').first().waitFor();
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `offices fit 390 px (${lang})`);
    await settle(p);
    await shot(`commercial-offices-mobile-${lang}`, p);
    // "Which is my office?" gives the hours in the reader's language, marked as such.
    await p.goto(`${baseUrl}${BASE}/faqs#office-finder`);
    const finder = p.locator('#office-finder');
    await chooseNative(finder.getByTestId('office-finder'), 'Cerro');
    const hours = finder.getByTestId('office-hours');
    await hours.getByText(lang === 'en' ? HOURS_EN : HOURS).waitFor();
    assert.equal(await hours.getAttribute('lang'), lang, `the hours marked ${lang}`);
    await finder.getByTestId('office-details').scrollIntoViewIfNeeded();
    await settle(p);
    await shot(`commercial-offices-finder-mobile-${lang}`, p);
    await phone.close();
  }
}

test('commercial-offices', async ({ journey }) => commercialOffices(journey));
