// The payment record: a customer's own payments; the staff's view of everybody's, with export and refund.
import { readFileSync } from 'node:fs';
import { chooseChoices, until } from '../../support.mjs';
import { JOSE_CC, MARIA_CC, root, settle, shoot } from './helpers.mjs';

export async function checkOwnRecord({ page, baseUrl, screenshotDir, assert }) {
  await page.goto(`${root(baseUrl)}/payments/payment-record`);
  const table = page.locator('.ov-list table');
  await table.locator('tbody tr [data-status="PAYED"]').first().waitFor();
  assert.ok((await table.locator('tbody tr').count()) >= 4, 'four payments listed');
  await shoot(page, screenshotDir, 'payments-record-desktop-es');
  await chooseChoices(page, page.getByTestId('filter-status'), ['Pagado']);
  await settle(page);
  const shown = () =>
    table
      .locator('tbody [data-status]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  // The old rows stay on screen until the filtered page arrives.
  await until(async () => (await shown()).every((s) => s === 'PAYED'));
  const statuses = await shown();
  assert.ok(statuses.length >= 2 && statuses.every((s) => s === 'PAYED'), 'status filter');
}

export async function exportStaffRecord({ page, baseUrl, screenshotDir, assert }) {
  await page.goto(`${root(baseUrl)}/payments/payment-record`);
  await page.locator('.ov-list table tbody tr [data-status]').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('records-export').click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.ok(csv.includes(MARIA_CC) && csv.includes(JOSE_CC), 'CSV lists the payments');
  await shoot(page, screenshotDir, 'payments-record-staff-desktop-es');
}

export async function refundEnzonaPayment({ page }) {
  const paid = page
    .locator('.ov-list table tbody tr')
    .filter({ hasText: '$16.40' })
    .filter({ has: page.locator('[data-status="PAYED"]') });
  await paid.getByTestId('row-actions').click();
  await page.getByRole('menuitem', { name: 'Reembolsar' }).click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByTestId('refund-reason').fill('Cobro duplicado comprobado en caja');
  await dialog.getByRole('button', { name: 'Reembolsar' }).click();
  await page
    .locator('.ov-list table tbody tr')
    .filter({ hasText: '$16.40' })
    .locator('[data-status="REFUNDED"]')
    .waitFor();
}
