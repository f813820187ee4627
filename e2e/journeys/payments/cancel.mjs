// An EnZona checkout left open holds its invoice ("Procesando"): the payer takes it up again or cancels
// it, from the pay page and from the payment record.
import { settle } from '../../support.mjs';
import { chooseOneInvoice, MARIA_CC, root, shoot } from './helpers.mjs';

/** Starts an EnZona payment of one invoice and leaves the checkout without deciding. */
async function abandonCheckout({ page, baseUrl, sandboxUrl, assert }) {
  const invoice = await chooseOneInvoice(assert, page, baseUrl, MARIA_CC);
  await page.getByTestId('gateway-ENZONA').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
  return invoice;
}

async function confirmCancel(page, trigger) {
  await trigger.click();
  const confirm = page.getByTestId('payment-cancel-confirm');
  await confirm.waitFor();
  // Clicked once the confirmation has finished sliding in: a click during its animation was lost once
  // in CI (the button stayed on screen) — and clicking again could cancel twice.
  await settle(page);
  await confirm.click();
  await confirm.waitFor({ state: 'detached' });
}

export async function cancelFromPayPage({ page, baseUrl, sandboxUrl, screenshotDir, assert }) {
  const invoice = await abandonCheckout({ page, baseUrl, sandboxUrl, assert });
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${MARIA_CC}`);
  const row = page.getByTestId('pay-invoices').locator('tbody tr', { hasText: invoice.number });
  await row.locator('[data-status="Procesando"]').waitFor();
  const notice = page.getByTestId('pay-pending');
  await notice.waitFor();
  assert.match(
    await notice.textContent(),
    /Un pago de \$[\d,]+\.\d{2} por EnZona sin terminar retiene 1 factura/,
  );
  // The checkout can be taken up again where it was left.
  const resume = notice.getByTestId('payment-resume');
  assert.equal(await resume.textContent(), 'Continuar el pago en EnZona');
  assert.ok((await resume.getAttribute('href')).startsWith(sandboxUrl), 'resume goes back to EnZona');
  await shoot(page, screenshotDir, 'payments-pending-desktop-es');
  // Or cancelled: after a confirmation the invoice is free again and the notice goes.
  await confirmCancel(page, notice.getByTestId('payment-cancel'));
  await notice.waitFor({ state: 'detached' });
  await freed(row);
}

/** The invoice is open again (Pendiente, or Pago Parcial for one partly paid) and can be chosen. */
async function freed(row) {
  await row.locator('input[type="checkbox"]:not([disabled])').waitFor();
  await row.locator('[data-status]:not([data-status="Procesando"])').waitFor();
}

export async function cancelFromRecord({ page, baseUrl, sandboxUrl, assert }) {
  const invoice = await abandonCheckout({ page, baseUrl, sandboxUrl, assert });
  await page.goto(`${root(baseUrl)}/payments/payment-record`);
  const pending = page
    .locator('.ov-list table tbody tr')
    .filter({ has: page.locator('[data-status="PENDING"]') });
  await pending.first().waitFor();
  await pending.first().getByTestId('row-actions').click();
  await page.getByRole('menuitem', { name: 'Detalles' }).click();
  const dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('payment-resume').waitFor();
  await confirmCancel(page, dialog.getByTestId('payment-cancel'));
  // The side dialog shows the payment as it is now, without a way to resume it.
  await dialog.getByText('Cancelado', { exact: true }).waitFor();
  assert.equal(await dialog.getByTestId('payment-resume').count(), 0, 'nothing left to resume');
  await page.keyboard.press('Escape');
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${MARIA_CC}`);
  await freed(page.getByTestId('pay-invoices').locator('tbody tr', { hasText: invoice.number }));
  assert.equal(await page.getByTestId('pay-pending').count(), 0, 'no pending payment left');
}
