// Helpers of the payments journey: accounts, pages, screenshots, receipts and the pay page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { settle as settleMotion, submitSignIn } from '../../support.mjs';

const require = createRequire(import.meta.url);
const pdfParse = require('pdf-parse/lib/pdf-parse.js');

export const PASSWORD = 'Demo.Oficina.2026';
export const MARIA = 'maria.perez@example.cu';
export const JOSE = 'jose.fernandez@example.cu';
export const ADMIN = { email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' };
export const MARIA_CC = '2300000000001';
export const AGREED_CC = '2300000000002';
export const JOSE_CC = '2300000000003';

export const DESKTOP = { width: 1366, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const root = (baseUrl) => `${baseUrl}/oficina_virtual`;

export const TEXTS = {
  2: 'Pago realizado satisfactoriamente',
  4: 'Error al procesar el pago',
  11: 'El código de transacción ha expirado',
  12: 'La deuda está conveniada, diríjase a la oficina comercial',
};

export async function newPage(browser, viewport, { mobile = false, language = 'es' } = {}) {
  const context = await browser.newContext({
    viewport,
    locale: language === 'en' ? 'en-US' : 'es-ES',
    acceptDownloads: true,
    reducedMotion: 'reduce',
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('ov.language')) window.localStorage.setItem('ov.language', lang);
  }, language);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function signIn(page, baseUrl, email, password = PASSWORD) {
  await submitSignIn(page, `${root(baseUrl)}/login`, email, password);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

export const settle = async (page) => {
  await page.waitForLoadState('networkidle').catch(() => {});
  await settleMotion(page);
};

export async function shoot(page, dir, name, fullPage = false) {
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

export async function pdfText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync(await download.path());
  const { text } = await pdfParse(new Uint8Array(bytes));
  return { text, name: download.suggestedFilename() };
}

/** Opens the pay page for a code and leaves exactly one payable invoice chosen; returns its number. */
export async function chooseOneInvoice(assert, page, baseUrl, cc, index = 0) {
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${cc}`);
  const table = page.getByTestId('pay-invoices');
  await table.waitFor();
  const payable = table
    .locator('tbody tr')
    .filter({ has: page.locator('input[type="checkbox"]:not([disabled])') });
  await payable.first().waitFor();
  // Everything payable starts chosen: clear it with the header box, then pick one row.
  const header = table.locator('thead input[type="checkbox"]');
  if (await header.isChecked()) await header.click();
  const row = payable.nth(index);
  await row.locator('input[type="checkbox"]').check();
  const number = (await row.getByRole('rowheader').locator('strong').textContent()).trim();
  const amount = (await row.locator('.ov-pay__money').textContent()).trim();
  assert.equal((await page.getByTestId('pay-total').textContent()).trim(), amount, 'total = chosen invoice');
  return { number, amount };
}

export async function waitResult(page, code) {
  const result = page.getByTestId('payment-result');
  await result.waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    (c) => document.querySelector('[data-testid="payment-result"]')?.getAttribute('data-code') === String(c),
    code,
    { timeout: 30_000 },
  );
  return result;
}
