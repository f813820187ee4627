// Settings that apply at once: the administrator raises the advance minimum to $250.00 and José's
// next advance quote shows it; switching EnZona off removes it from the payment choice. Everything is
// put back at the end. Screenshots in both languages, desktop and 390 px.

import { join } from 'node:path';
import { test } from '../fixtures.mjs';
import { settle, submitSignIn } from '../support.mjs';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026';
const JOSE = 'jose.fernandez@example.cu';
const JOSE_CC = '2300000000003';
const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const BASE = '/oficina_virtual';

async function save(page) {
  await page.getByTestId('settings-save').click();
  await page
    .locator('.ov-toast, .ant-message-notice', { hasText: /Configuración guardada|Settings saved/ })
    .last()
    .waitFor();
}

async function settings({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shot = (name, p = page) => p.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  await submitSignIn(page, `${baseUrl}${BASE}/login`, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('dashboard').waitFor();
  await page.getByTestId('side-menu').getByText('Configuración', { exact: true }).click();
  await page.getByTestId('settings').waitFor();
  const min = page.getByTestId('setting-advance-min');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="setting-advance-min"]')?.value !== '',
  );
  const before = await min.inputValue();
  await min.fill('250');
  await page.getByTestId('setting-enzona').click();
  await settle(page);
  await shot('settings-desktop-es');
  await save(page);

  // José, signed in elsewhere, sees the new minimum and no EnZona at his next quote.
  const customer = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const jose = await customer.newPage();
  await submitSignIn(jose, `${baseUrl}${BASE}/login`, JOSE, 'Demo.Oficina.2026');
  await jose.getByTestId('user-menu').waitFor();
  await jose.goto(`${baseUrl}${BASE}/payments/prepaid?cc=${JOSE_CC}`);
  await jose.getByTestId('advance-quote').waitFor();
  await jose.getByTestId('advance-minimum').getByText('$250.00', { exact: false }).waitFor();
  assert.equal(await jose.getByTestId('gateway-ENZONA').count(), 0, 'EnZona is not offered');
  await settle(jose);
  await shot('settings-customer-prepaid-es', jose);
  await customer.close();

  // English, then everything back as it was.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'Settings' }).waitFor();
  await settle(page);
  await shot('settings-desktop-en');
  await page.getByRole('button', { name: 'ES', exact: true }).click();
  await page.locator('h1', { hasText: 'Configuración' }).waitFor();
  await min.fill(before);
  await page.getByTestId('setting-enzona').click();
  await save(page);
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
    await submitSignIn(p, `${baseUrl}${BASE}/login`, ADMIN_EMAIL, ADMIN_PASSWORD);
    await p.getByTestId('dashboard').waitFor();
    if (lang === 'en') await p.getByRole('button', { name: 'EN', exact: true }).click();
    await p.goto(`${baseUrl}${BASE}/admin/settings`);
    await p.getByTestId('setting-advance-min').waitFor();
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `settings fit 390 px (${lang})`);
    await settle(p);
    await shot(`settings-mobile-${lang}`, p);
    await phone.close();
  }
}

test('settings', async ({ journey }) => settings(journey));
