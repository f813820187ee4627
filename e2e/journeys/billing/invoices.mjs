// Debts and invoices of a code: the detail, the status filter, one invoice and its receipts, English.
import { chooseChoices } from '../../support.mjs';
import { downloadedPdfText, MARIA_CC, root, shoot, switchLanguage } from './helpers.mjs';

export async function openDebtsAndInvoices({ page, screenshotDir, assert }) {
  await page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`).getByTestId('code-open').click();
  await page.waitForURL(new RegExp(`/clientCodes/${MARIA_CC}$`));
  const detail = page.getByTestId('code-detail');
  await detail.getByTestId('code-summary').getByText('CT-2019-000101').waitFor();
  assert.match(await detail.getByTestId('detail-debt').textContent(), /^\$\d[\d,]*\.\d{2}$/);
  const invoices = page.getByTestId('invoices');
  await invoices.locator('tbody tr.ov-table__row').first().waitFor();
  for (const status of ['Pendiente', 'Pago Parcial', 'Pagada']) {
    await invoices.locator(`.ov-tag[data-status="${status}"]`).first().waitFor();
  }
  await detail.getByTestId('consumption-chart').locator('.ov-chart-bar').first().waitFor();
  await shoot(page, screenshotDir, 'billing-detail-desktop-es', true);
  // The office name opens where it is, when it opens and its phone.
  await detail.getByTestId('office-open').click();
  const office = page.getByTestId('office-details');
  await office.waitFor();
  assert.ok((await office.textContent()).includes('Lunes a viernes'), 'office hours shown');
  await shoot(page, screenshotDir, 'billing-office-desktop-es');
  await page.keyboard.press('Escape');
  await office.waitFor({ state: 'hidden' });
}

export async function filterPaidInvoices({ page }) {
  const invoices = page.getByTestId('invoices');
  await chooseChoices(page, invoices.getByTestId('invoices-status'), ['Pagada']);
  await page.waitForFunction(() => {
    const tags = [...document.querySelectorAll('[data-testid="invoices"] tbody tr .ov-tag')];
    return tags.length > 0 && tags.every((tag) => tag.getAttribute('data-status') === 'Pagada');
  });
}

export async function downloadInvoiceReceipt({ page, screenshotDir, assert }) {
  const invoices = page.getByTestId('invoices');
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
}

export async function showDetailInEnglish({ page, screenshotDir, assert }) {
  const detail = page.getByTestId('code-detail');
  const invoices = page.getByTestId('invoices');
  const view = page.getByTestId('invoice-view');
  await page
    .getByTestId('detail-dialog')
    .getByRole('button', { name: /^(Cerrar|Close)$/ })
    .click();
  await view.waitFor({ state: 'detached' });
  await switchLanguage(page, 'EN');
  await page.getByRole('table', { name: 'Debts and invoices' }).waitFor();
  await invoices.locator('.ov-tag', { hasText: 'Paid' }).first().waitFor();
  await invoices.getByTestId('invoice-open').first().click();
  await page.getByTestId('invoice-view').getByText('Payments applied').waitFor();
  await shoot(page, screenshotDir, 'billing-invoice-desktop-en');
  await page
    .getByTestId('detail-dialog')
    .getByRole('button', { name: /^(Cerrar|Close)$/ })
    .click();
  await page.getByTestId('invoice-view').waitFor({ state: 'detached' });
  assert.ok((await detail.textContent()).includes('Total debt'), 'header in English');
  await chooseChoices(page, invoices.getByTestId('invoices-status'), [], { clear: true });
  await invoices.locator('.ov-tag[data-status="Pendiente"]').first().waitFor();
  await shoot(page, screenshotDir, 'billing-detail-desktop-en', true);
}

export async function downloadEnglishReceipt({ page, assert }) {
  const invoices = page.getByTestId('invoices');
  const english = await downloadedPdfText(page, () =>
    invoices.getByTestId('invoice-row-receipt').first().click(),
  );
  assert.ok(/receipt/i.test(english.text) && english.text.includes(MARIA_CC), 'English receipt');
}

export async function showCodesInEnglish({ page, baseUrl, screenshotDir, assert }) {
  await page.goto(`${root(baseUrl)}/clientCodes`);
  await page.getByTestId('code-card').first().waitFor();
  assert.ok((await page.locator('h1').first().textContent()).includes('My client codes'));
  await shoot(page, screenshotDir, 'billing-codes-desktop-en');
  await page.getByTestId('codes-add').click();
  await page.getByTestId('add-code-dialog').getByText('Ownership proof').waitFor();
  await shoot(page, screenshotDir, 'billing-add-desktop-en');
  await page.keyboard.press('Escape');
}
