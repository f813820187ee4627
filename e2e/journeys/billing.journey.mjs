// Billing: a demo customer signs in, adds a client code with its ownership proof (and sees the catalogue
// errors for a wrong proof and a taken code), sees the debts, opens the invoices and one invoice, downloads
// a receipt (the PDF's text is read and checked), gets the 459 message for a contract that does not exist,
// and switches to English. Another customer removes their only code and sees the empty state; a staff
// member looks a code up read-only. Screenshots: desktop 1366 and mobile 390, Spanish and English.

import { test } from '../fixtures.mjs';
import {
  addCodeByInvoiceNumber,
  addCodeWithChecks,
  checkHome,
  refuseMissingContract,
} from './billing/client-codes.mjs';
import {
  addCode,
  DESKTOP,
  JOSE,
  JOSE_CC,
  JOSE_PROOF,
  MARIA,
  MARIA_CC,
  MOBILE,
  newPage,
  root,
  STAFF,
  shoot,
  signIn,
  switchLanguage,
} from './billing/helpers.mjs';
import {
  downloadEnglishReceipt,
  downloadInvoiceReceipt,
  filterPaidInvoices,
  openDebtsAndInvoices,
  showCodesInEnglish,
  showDetailInEnglish,
} from './billing/invoices.mjs';

async function customerDesktop({ browser, baseUrl, screenshotDir, assert }) {
  const { context, page, errors } = await newPage(browser, DESKTOP);
  await signIn(page, baseUrl, MARIA);
  const session = { page, baseUrl, screenshotDir, assert };

  // A customer's home is the client codes screen: two cards with debt.
  await checkHome(session);

  // Add a code: format checked in the browser, then the API's catalogue messages.
  await addCodeWithChecks(session);

  // Prove ownership with an invoice number instead (this account has no contract on file).
  await addCodeByInvoiceNumber(session);

  // Its contract does not exist: the 459 message.
  await refuseMissingContract(session);

  // The debts and invoices of the first code.
  await openDebtsAndInvoices(session);

  // Filter by status: only paid invoices remain.
  await filterPaidInvoices(session);

  // One invoice in the side dialog, and its receipt.
  await downloadInvoiceReceipt(session);

  // English.
  await showDetailInEnglish(session);

  // A receipt from the table row, now in English.
  await downloadEnglishReceipt(session);
  // The client codes screen and the add dialog, in English.
  await showCodesInEnglish(session);

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
  const confirm = page.locator('.ov-popconfirm .ov-btn--dangerous');
  const empty = page.getByTestId('codes-empty');
  // Under load the pop-up may still be opening when first clicked: click until it takes effect.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await confirm.isVisible()) await confirm.click().catch(() => {});
    if (
      await empty.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
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
  assert.equal(await page.getByTestId('sider').count(), 0, 'no sider on mobile');
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(await noHorizontalScroll(), 'client codes fit the phone width');
  await shoot(page, screenshotDir, 'billing-codes-mobile-es', true);

  await page.getByTestId('codes-add').click();
  await page.getByTestId('add-code-dialog').waitFor();
  await shoot(page, screenshotDir, 'billing-add-mobile-es');
  await page.keyboard.press('Escape');

  await page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`).getByTestId('code-open').click();
  await page.getByTestId('invoices').locator('tbody tr.ov-table__row').first().waitFor();
  await page.getByTestId('consumption-chart').locator('.ov-chart-bar').first().waitFor();
  assert.ok(await noHorizontalScroll(), 'code detail fits the phone width');
  await shoot(page, screenshotDir, 'billing-detail-mobile-es', true);
  await page.getByTestId('invoices').getByTestId('invoice-open').first().click();
  await page.getByTestId('invoice-view').waitFor();
  await shoot(page, screenshotDir, 'billing-invoice-mobile-es');
  await page
    .getByTestId('detail-dialog')
    .getByRole('button', { name: /^(Cerrar|Close)$/ })
    .click();

  await switchLanguage(page, 'EN');
  await page.getByRole('table', { name: 'Debts and invoices' }).waitFor();
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
  // The search is debounced: until it answers, the unfiltered page is shown and its first link may be
  // another code. Click María's own link.
  const link = list.getByTestId('staff-code-link').filter({ hasText: MARIA_CC });
  await link.waitFor();
  await shoot(page, screenshotDir, 'billing-staff-desktop-es');
  await link.click();
  await page.waitForURL(new RegExp(`/admin/client-codes/${MARIA_CC}$`));
  await page.getByText('Consulta de personal: solo lectura').waitFor();
  await page.getByTestId('code-summary').getByText('María Pérez González').waitFor();
  await page.getByTestId('invoices').locator('tbody tr.ov-table__row').first().waitFor();
  assert.equal(await page.getByTestId('code-pay').count(), 0, 'staff cannot pay from here');
  await shoot(page, screenshotDir, 'billing-staff-detail-desktop-es', true);
  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

async function billing(ctx) {
  await customerDesktop(ctx);
  await emptyState(ctx);
  await customerMobile(ctx);
  await staffLookup(ctx);
}

test('billing', async ({ journey }) => billing(journey));
