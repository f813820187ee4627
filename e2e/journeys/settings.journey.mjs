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
  // The commercial system, read-only: the built-in one here.
  await page.getByTestId('commercial-status').getByText('Integrado').waitFor();
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
  await page.getByTestId('commercial-status').getByText('Built-in').waitFor();
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

/**
 * Sign-up switched off in the settings (issue 26): the landing page offers no sign-up, the sign-in page
 * no link to it, and /register says registration is closed (no form), in both languages; switched back
 * on, all of it returns.
 */
async function signupSwitch({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  await submitSignIn(page, `${baseUrl}${BASE}/login`, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('dashboard').waitFor();
  await page.goto(`${baseUrl}${BASE}/admin/settings`);
  const signup = page.getByTestId('setting-signup');
  await signup.waitFor();
  assert.equal(await signup.getAttribute('aria-checked'), 'true', 'sign-up starts on');
  await signup.click();
  await save(page);

  for (const [language, closed] of [
    ['es', 'El registro de cuentas nuevas está cerrado en este momento.'],
    ['en', 'Signing up for new accounts is closed at the moment.'],
  ]) {
    const visitor = await browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true });
    await visitor.addInitScript((wanted) => localStorage.setItem('ov.language', wanted), language);
    const v = await visitor.newPage();
    await v.goto(`${baseUrl}${BASE}/`);
    await v.getByTestId('entry-login').waitFor();
    await v.waitForLoadState('networkidle');
    assert.equal(await v.getByTestId('entry-register').count(), 0, `${language}: no sign-up card`);
    await v.goto(`${baseUrl}${BASE}/register`);
    await v.getByTestId('signup-closed').getByText(closed).waitFor();
    assert.equal(await v.locator('form').count(), 0, `${language}: no sign-up form`);
    await settle(v);
    await v.screenshot({ path: join(screenshotDir, `signup-closed-mobile-${language}.png`) });
    await visitor.close();
  }

  await page.reload();
  await signup.waitFor();
  await signup.click();
  await save(page);
  const visitor = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const v = await visitor.newPage();
  await v.goto(`${baseUrl}${BASE}/`);
  await v.getByTestId('entry-register').waitFor();
  await v.goto(`${baseUrl}${BASE}/register`);
  await v.locator('form').waitFor();
  await visitor.close();
  await context.close();
}

test('settings: sign-up switched off is not offered anywhere', async ({ journey }) => signupSwitch(journey));
