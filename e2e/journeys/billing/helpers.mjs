// Helpers of the billing journey: accounts and codes, pages, screenshots, the add-code dialog, receipts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { settle as settleMotion, submitSignIn } from '../../support.mjs';

const require = createRequire(import.meta.url);
// pdf-parse 1.x: its lib entry avoids the package's debug main.
const pdfParse = require('pdf-parse/lib/pdf-parse.js');

export const PASSWORD = 'Demo.Oficina.2026';
export const MARIA = 'maria.perez@example.cu';
export const JOSE = 'jose.fernandez@example.cu';
export const STAFF = 'ana.comercial@aguasdelahabana.cu';
export const MARIA_CC = '2300000000001';
export const NEW_CC = '2300000000006';
export const NEW_PROOF = 'CT-2021-000106';
export const NO_CONTRACT_CC = '2300000000009';
export const NO_CONTRACT_PROOF = '230000000000912'; // the code's latest invoice number
export const JOSE_CC = '2300000000003';
export const JOSE_PROOF = 'CT-2018-000103';

export const DESKTOP = { width: 1366, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const root = (baseUrl) => `${baseUrl}/oficina_virtual`;

export async function newPage(browser, viewport, mobile = false) {
  const context = await browser.newContext({
    viewport,
    locale: 'es-ES',
    acceptDownloads: true,
    reducedMotion: 'reduce',
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function signIn(page, baseUrl, email) {
  await submitSignIn(page, `${root(baseUrl)}/login`, email, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

export const settle = async (page) => {
  await page.waitForLoadState('networkidle');
  await settleMotion(page); // dialogs and drawers finish sliding in
};

export async function shoot(page, dir, name, fullPage = false) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

export async function switchLanguage(page, label) {
  await page.getByRole('button', { name: label, exact: true }).click();
}

export async function addCode(page, cc, proof) {
  const dialog = page.getByTestId('add-code-dialog');
  await dialog.getByTestId('add-code-cc').fill(cc);
  await dialog.getByTestId('add-code-proof').fill(proof);
  await page.getByTestId('add-code-submit').click();
}

/** Saves the download started by `click` and returns the PDF's text. */
export async function downloadedPdfText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  const bytes = readFileSync(file);
  // pdf.js reads the whole underlying ArrayBuffer: give it an exact copy (Buffers may share a pool).
  const { text } = await pdfParse(new Uint8Array(bytes));
  return { text, name: download.suggestedFilename(), bytes };
}
