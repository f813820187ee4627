// Billing: a demo customer signs in, adds a client code with its ownership proof (and sees the catalogue
// errors for a wrong proof and a taken code), sees the debts, opens the invoices and one invoice, downloads
// a receipt (the PDF's text is read and checked), gets the 459 message for a contract that does not exist,
// and switches to English. Another customer removes their only code and sees the empty state; a staff
// member looks a code up read-only. Screenshots: desktop 1366 and mobile 390, Spanish and English.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
// pdf-parse 1.x: its lib entry avoids the package's debug main.
const pdfParse = require('pdf-parse/lib/pdf-parse.js');

const PASSWORD = 'Demo.Oficina.2026';
const MARIA = 'maria.perez@example.cu';
const JOSE = 'jose.fernandez@example.cu';
const STAFF = 'ana.comercial@aguasdelahabana.cu';
const MARIA_CC = '2300000000001';
const NEW_CC = '2300000000006';
const NEW_PROOF = 'CT-2021-000106';
const NO_CONTRACT_CC = '2300000000009';
const NO_CONTRACT_PROOF = '230000000000912'; // the code's latest invoice number
const JOSE_CC = '2300000000003';
const JOSE_PROOF = 'CT-2018-000103';

const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const root = (baseUrl) => `${baseUrl}/oficina_virtual`;

async function newPage(browser, viewport, mobile = false) {
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

async function signIn(page, baseUrl, email) {
  await page.goto(`${root(baseUrl)}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

const settle = async (page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // dialogs and drawers finish sliding in
};

async function shoot(page, dir, name, fullPage = false) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

async function switchLanguage(page, label) {
  await page.getByRole('button', { name: label, exact: true }).click();
}

async function addCode(page, cc, proof) {
  const dialog = page.getByTestId('add-code-dialog');
  await dialog.getByTestId('add-code-cc').fill(cc);
  await dialog.getByTestId('add-code-proof').fill(proof);
  await page.getByTestId('add-code-submit').click();
}

/** Saves the download started by `click` and returns the PDF's text. */
async function downloadedPdfText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  const bytes = readFileSync(file);
  // pdf.js reads the whole underlying ArrayBuffer: give it an exact copy (Buffers may share a pool).
  const { text } = await pdfParse(new Uint8Array(bytes));
  return { text, name: download.suggestedFilename(), bytes };
}

async function customerDesktop({ browser, baseUrl, screenshotDir, assert }) {
  const { context, page, errors } = await newPage(browser, DESKTOP);
  await signIn(page, baseUrl, MARIA);

  // A customer's home is the client codes screen: two cards with debt.
  const codes = page.getByTestId('client-codes');
  await codes.waitFor();
  assert.ok(/\/oficina_virtual\/?$/.test(page.url()), 'home is the client codes screen');
  await page.getByTestId('code-card').nth(1).waitFor();
  assert.equal(await page.getByTestId('code-card').count(), 2, 'two codes linked');
  const first = page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`);
  assert.match(
    await first.getByTestId('code-debt').textContent(),
    /^\$\d[\d,]*\.\d{2}$/,
    'debt in "$" 0,0.00',
  );
  await shoot(page, screenshotDir, 'billing-codes-desktop-es');

  // Add a code: format checked in the browser, then the API's catalogue messages.
  await page.getByTestId('codes-add').click();
  const dialog = page.getByTestId('add-code-dialog');
  await dialog.waitFor();
  assert.ok((await dialog.textContent()).includes('número de contrato'), 'explains the contract proof');
  await addCode(page, '12', 'x');
  await dialog.getByText('El código de cliente debe tener entre 8 y 15 dígitos').waitFor();
  await addCode(page, MARIA_CC, 'CT-2019-000101');
  await dialog.getByTestId('add-code-error').getByText('El código de cliente ya está asociado').waitFor(); // 497
  await addCode(page, NEW_CC, 'CT-0000-000000');
  await dialog
    .getByTestId('add-code-error')
    .getByText('El dato de titularidad no coincide', { exact: false })
    .waitFor();
  await dialog.getByTestId('add-code-proof').fill(NEW_PROOF);
  await shoot(page, screenshotDir, 'billing-add-desktop-es');
  await page.getByTestId('add-code-submit').click();
  await page.locator(`[data-testid="code-card"][data-cc="${NEW_CC}"]`).waitFor();
  assert.equal(await page.getByTestId('code-card').count(), 3, 'the new code is listed');
  await page.getByTestId('add-code-dialog').waitFor({ state: 'hidden' });

  // Prove ownership with an invoice number instead (this account has no contract on file).
  await page.getByTestId('codes-add').click();
  await addCode(page, NO_CONTRACT_CC, NO_CONTRACT_PROOF);
  await page.locator(`[data-testid="code-card"][data-cc="${NO_CONTRACT_CC}"]`).waitFor();
  await page.getByTestId('add-code-dialog').waitFor({ state: 'hidden' });

  // Its contract does not exist: the 459 message.
  await page
    .locator(`[data-testid="code-card"][data-cc="${NO_CONTRACT_CC}"]`)
    .getByTestId('code-open')
    .click();
  await page.waitForURL(new RegExp(`/clientCodes/${NO_CONTRACT_CC}$`));
  await page.getByTestId('code-summary').waitFor();
  await page.getByTestId('download-contract').click();
  await page.locator('.ant-message').getByText('No existe un modelo de contrato').waitFor();
  await page.goBack();

  // The debts and invoices of the first code.
  await page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`).getByTestId('code-open').click();
  await page.waitForURL(new RegExp(`/clientCodes/${MARIA_CC}$`));
  const detail = page.getByTestId('code-detail');
  await detail.getByTestId('code-summary').getByText('CT-2019-000101').waitFor();
  assert.match(await detail.getByTestId('detail-debt').textContent(), /^\$\d[\d,]*\.\d{2}$/);
  const invoices = page.getByTestId('invoices');
  await invoices.locator('tr.ant-table-row').first().waitFor();
  for (const status of ['Pendiente', 'Pago Parcial', 'Pagada']) {
    await invoices.locator(`.ant-tag[data-status="${status}"]`).first().waitFor();
  }
  await detail.getByTestId('consumption-chart').locator('.recharts-bar-rectangle').first().waitFor();
  await shoot(page, screenshotDir, 'billing-detail-desktop-es', true);

  // Filter by status: only paid invoices remain.
  await invoices.getByTestId('invoices-status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Pagada' }).click();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => {
    const tags = [...document.querySelectorAll('[data-testid="invoices"] tr.ant-table-row .ant-tag')];
    return tags.length > 0 && tags.every((tag) => tag.getAttribute('data-status') === 'Pagada');
  });

  // One invoice in the side dialog, and its receipt.
  await invoices.getByTestId('invoice-open').first().click();
  const view = page.getByTestId('invoice-view');
  await view.waitFor();
  assert.ok((await view.textContent()).includes('Pagos aplicados'), 'payments applied are listed');
  await shoot(page, screenshotDir, 'billing-invoice-desktop-es');
  const receipt = await downloadedPdfText(page, () => page.getByTestId('invoice-receipt').click());
  assert.equal(receipt.bytes.subarray(0, 5).toString(), '%PDF-', 'a PDF was downloaded');
  assert.ok(receipt.text.includes(MARIA_CC), 'the receipt names the client code');
  assert.match(receipt.text, /\$\d[\d,]*\.\d{2}/, 'the receipt shows an amount in "$" 0,0.00');
  assert.ok(receipt.name.endsWith('.pdf'), 'saved as a .pdf');

  // English.
  await page.locator('.ant-drawer-close').click();
  await view.waitFor({ state: 'detached' });
  await switchLanguage(page, 'EN');
  await page.getByText('Debts and invoices').waitFor();
  await invoices.locator('.ant-tag', { hasText: 'Paid' }).first().waitFor();
  await invoices.getByTestId('invoice-open').first().click();
  await page.getByTestId('invoice-view').getByText('Payments applied').waitFor();
  await shoot(page, screenshotDir, 'billing-invoice-desktop-en');
  await page.locator('.ant-drawer-close').click();
  await page.getByTestId('invoice-view').waitFor({ state: 'detached' });
  assert.ok((await detail.textContent()).includes('Total debt'), 'header in English');
  await invoices.locator('.ant-select-selection-item-remove').first().click(); // clear the status filter
  await invoices.locator('.ant-tag[data-status="Pendiente"]').first().waitFor();
  await shoot(page, screenshotDir, 'billing-detail-desktop-en', true);

  // A receipt from the table row, now in English.
  const english = await downloadedPdfText(page, () =>
    invoices.getByTestId('invoice-row-receipt').first().click(),
  );
  assert.ok(/receipt/i.test(english.text) && english.text.includes(MARIA_CC), 'English receipt');
  await page.goto(`${root(baseUrl)}/clientCodes`);
  await page.getByTestId('code-card').first().waitFor();
  assert.ok((await page.locator('h1').first().textContent()).includes('My client codes'));
  await shoot(page, screenshotDir, 'billing-codes-desktop-en');
  await page.getByTestId('codes-add').click();
  await page.getByTestId('add-code-dialog').getByText('Ownership proof').waitFor();
  await shoot(page, screenshotDir, 'billing-add-desktop-en');
  await page.keyboard.press('Escape');

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

async function emptyState({ browser, baseUrl, screenshotDir, assert }) {
  // José removes his only code: the empty state explains what a client code is and where it is printed.
  const desktop = await newPage(browser, DESKTOP);
  const page = desktop.page;
  await signIn(page, baseUrl, JOSE);
  const card = page.locator(`[data-testid="code-card"][data-cc="${JOSE_CC}"]`);
  await card.waitFor();
  await card.getByTestId('code-remove').click();
  await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
  const empty = page.getByTestId('codes-empty');
  await empty.waitFor();
  assert.ok((await empty.textContent()).includes('Código de cliente'), 'says where the code is printed');
  await shoot(page, screenshotDir, 'billing-empty-desktop-es');
  await switchLanguage(page, 'EN');
  await empty.getByText('You have no client codes yet').waitFor();
  await shoot(page, screenshotDir, 'billing-empty-desktop-en');

  const mobile = await newPage(browser, MOBILE, true);
  await signIn(mobile.page, baseUrl, JOSE);
  await mobile.page.getByTestId('codes-empty').waitFor();
  await shoot(mobile.page, screenshotDir, 'billing-empty-mobile-es', true);
  await switchLanguage(mobile.page, 'EN');
  await mobile.page.getByText('You have no client codes yet').waitFor();
  await shoot(mobile.page, screenshotDir, 'billing-empty-mobile-en', true);
  await mobile.context.close();

  // And adds it back from the empty state.
  await empty.getByTestId('codes-empty-add').click();
  await addCode(page, JOSE_CC, JOSE_PROOF);
  await card.waitFor();
  assert.deepEqual(desktop.errors, [], 'no uncaught errors in the page');
  await desktop.context.close();
}

async function customerMobile({ browser, baseUrl, screenshotDir, assert }) {
  const { context, page, errors } = await newPage(browser, MOBILE, true);
  await signIn(page, baseUrl, MARIA);
  await page.getByTestId('code-card').first().waitFor();
  assert.equal(await page.locator('.ant-layout-sider').count(), 0, 'no sider on mobile');
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(await noHorizontalScroll(), 'client codes fit the phone width');
  await shoot(page, screenshotDir, 'billing-codes-mobile-es', true);

  await page.getByTestId('codes-add').click();
  await page.getByTestId('add-code-dialog').waitFor();
  await shoot(page, screenshotDir, 'billing-add-mobile-es');
  await page.keyboard.press('Escape');

  await page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`).getByTestId('code-open').click();
  await page.getByTestId('invoices').locator('tr.ant-table-row').first().waitFor();
  await page.getByTestId('consumption-chart').locator('.recharts-bar-rectangle').first().waitFor();
  assert.ok(await noHorizontalScroll(), 'code detail fits the phone width');
  await shoot(page, screenshotDir, 'billing-detail-mobile-es', true);
  await page.getByTestId('invoices').getByTestId('invoice-open').first().click();
  await page.getByTestId('invoice-view').waitFor();
  await shoot(page, screenshotDir, 'billing-invoice-mobile-es');
  await page.locator('.ant-drawer-close').click();

  await switchLanguage(page, 'EN');
  await page.getByText('Debts and invoices').waitFor();
  await shoot(page, screenshotDir, 'billing-detail-mobile-en', true);
  await page.getByTestId('invoices').getByTestId('invoice-open').nth(3).click();
  await page.getByTestId('invoice-view').getByText('Payments applied').waitFor();
  await shoot(page, screenshotDir, 'billing-invoice-mobile-en');
  await page.goto(`${root(baseUrl)}/clientCodes`);
  await page.getByTestId('code-card').first().waitFor();
  await shoot(page, screenshotDir, 'billing-codes-mobile-en', true);
  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

async function staffLookup({ browser, baseUrl, screenshotDir, assert }) {
  const { context, page, errors } = await newPage(browser, DESKTOP);
  await signIn(page, baseUrl, STAFF);
  // Staff have no codes of their own: `/` points them to the lookup (menu entry in the admin group too).
  await page.getByText('Consultar códigos de cliente').click();
  await page.waitForURL(/\/admin\/client-codes$/);
  const list = page.getByTestId('list-billing-accounts');
  await list.locator('input').first().fill(MARIA_CC);
  await list.getByTestId('staff-code-link').getByText(MARIA_CC).waitFor();
  await shoot(page, screenshotDir, 'billing-staff-desktop-es');
  await list.getByTestId('staff-code-link').first().click();
  await page.waitForURL(new RegExp(`/admin/client-codes/${MARIA_CC}$`));
  await page.getByText('Consulta de personal: solo lectura').waitFor();
  await page.getByTestId('code-summary').getByText('María Pérez González').waitFor();
  await page.getByTestId('invoices').locator('tr.ant-table-row').first().waitFor();
  assert.equal(await page.getByTestId('code-pay').count(), 0, 'staff cannot pay from here');
  await shoot(page, screenshotDir, 'billing-staff-detail-desktop-es', true);
  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

export default async function billing(ctx) {
  await customerDesktop(ctx);
  await emptyState(ctx);
  await customerMobile(ctx);
  await staffLookup(ctx);
}
