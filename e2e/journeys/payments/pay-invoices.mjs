// Paying invoices of one code through both gateways: approved, cancelled, approved in the bank app,
// expired at the gateway.
import { chooseOneInvoice, MARIA_CC, pdfText, root, settle, shoot, TEXTS, waitResult } from './helpers.mjs';

export async function payThroughEnzona({ page, baseUrl, sandboxUrl, screenshotDir, assert }) {
  const first = await chooseOneInvoice(assert, page, baseUrl, MARIA_CC);
  assert.match(first.amount, /^\$\d[\d,]*\.\d{2}$/, 'money as "$" 0,0.00');
  assert.ok(await page.getByTestId('gateway-ENZONA').isVisible(), 'EnZona card');
  assert.ok(await page.getByTestId('gateway-TRANSFERMOVIL').isVisible(), 'Transfermóvil card');
  await shoot(page, screenshotDir, 'payments-pay-desktop-es');
  await page.getByTestId('gateway-ENZONA').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(
    (url) => url.pathname.endsWith('/payments/payments') && url.search.includes('paymentId'),
  );
  const ok = await waitResult(page, 2);
  assert.equal((await page.getByTestId('payment-result-text').textContent()).trim(), TEXTS[2]);
  await shoot(page, screenshotDir, 'payments-result-desktop-es');
  const receipt = await pdfText(page, () => page.getByTestId('receipt-download').click());
  assert.ok(receipt.text.includes(MARIA_CC), 'the receipt names the client code');
  assert.ok(receipt.text.includes('$'), 'the receipt shows money with "$"');
  assert.ok(await ok.isVisible());

  // The paid invoice is no longer open.
  await page.getByTestId('pay-again').click();
  await page.getByTestId('pay-invoices').waitFor();
  await settle(page);
  assert.equal(
    await page.getByTestId('pay-invoices').locator('tbody tr', { hasText: first.number }).count(),
    0,
    'paid invoice left the open list',
  );
}

export async function cancelAtEnzona({ page, baseUrl, sandboxUrl, assert }) {
  const second = await chooseOneInvoice(assert, page, baseUrl, MARIA_CC);
  await page.getByTestId('gateway-ENZONA').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.waitForURL(
    (url) => url.pathname.endsWith('/payments/payments') && url.search.includes('paymentId'),
  );
  const cancelled = page.getByTestId('payment-result');
  await cancelled.waitFor({ timeout: 30_000 });
  assert.equal(await cancelled.getAttribute('data-status'), 'CANCELED', 'payment cancelled');
  // Pressing "Cancelar" is no error: "Pago cancelado", not code 4 "Error al procesar el pago".
  assert.equal(
    (await page.getByTestId('payment-result-text').textContent()).trim(),
    'Pago cancelado',
    'cancellation shown as such',
  );
  assert.ok(
    !(await cancelled.textContent()).includes('Error al procesar el pago'),
    'no error text for a cancellation',
  );
  await page.getByTestId('pay-again').click();
  const row = page.getByTestId('pay-invoices').locator('tbody tr', { hasText: second.number });
  await row.waitFor();
  assert.equal(
    await row.locator('[data-status]').getAttribute('data-status'),
    'Pendiente',
    'invoice back to Pendiente',
  );
}

export async function payThroughTransfermovil({ context, page, baseUrl, sandboxUrl, screenshotDir, assert }) {
  await chooseOneInvoice(assert, page, baseUrl, MARIA_CC);
  await page.getByTestId('gateway-TRANSFERMOVIL').click();
  await page.getByTestId('pay-submit').click();
  const panel = page.getByTestId('tm-panel');
  await panel.waitFor();
  // Focus moves to the new content's heading (never left on the page's body).
  await page.waitForFunction(
    () => document.activeElement?.matches('[data-testid="tm-panel"] h2') ?? false,
    null,
    { timeout: 10_000 },
  );
  await page.getByTestId('tm-qr').waitFor();
  assert.match(await page.getByTestId('tm-open').getAttribute('href'), /^transfermovil:\/\//, 'deep link');
  const code = (await page.getByTestId('tm-code').textContent()).trim();
  assert.ok(code.length > 4, 'transaction code shown');
  assert.match((await page.getByTestId('tm-countdown').textContent()).trim(), /^\d+:\d{2}(:\d{2})?$/);
  // Rows of invoices in flight show "Procesando" meanwhile (checked through the API the page uses).
  await shoot(page, screenshotDir, 'payments-transfermovil-desktop-es');
  await page.evaluate(() => {
    window.__ovNoReload = true;
  });
  const bank = await context.newPage();
  await bank.goto(`${sandboxUrl}/transfermovil/app?id_transaccion=${encodeURIComponent(code)}`);
  await bank.getByRole('button', { name: 'Confirmar pago' }).click();
  await bank.locator('.status.ok').waitFor();
  await bank.close();
  await waitResult(page, 2);
  assert.equal(await page.evaluate(() => window.__ovNoReload), true, 'success shown without reloading');
}

export async function expireAtTransfermovil({ context, page, baseUrl, sandboxUrl, assert }) {
  // A second tab has the same invoice chosen before the payment starts in the first one.
  const late = await context.newPage();
  await chooseOneInvoice(assert, late, baseUrl, MARIA_CC);
  await chooseOneInvoice(assert, page, baseUrl, MARIA_CC);
  const processingNumber = (
    await page
      .getByTestId('pay-invoices')
      .locator('tbody tr')
      .filter({
        has: page.locator('input[type="checkbox"]:checked'),
      })
      .first()
      .locator('strong')
      .first()
      .textContent()
  ).trim();
  await page.getByTestId('gateway-TRANSFERMOVIL').click();
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('tm-panel').waitFor();
  const expiring = (await page.getByTestId('tm-code').textContent()).trim();
  // Paying it from the other tab is refused (code 4, the invoice is in flight): the refusal is shown
  // once, beside the button, not a second time as a toast.
  await late.getByTestId('pay-submit').click();
  const refusal = late.getByTestId('payment-error');
  await refusal.waitFor();
  assert.equal(await refusal.getAttribute('data-code'), '4');
  await late.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await late.getByText(TEXTS[4], { exact: true }).count(), 1, 'the refusal is shown once');
  assert.equal(await late.locator('.ov-toast, .ant-message-notice').count(), 0, 'and not as a toast');
  await late.close();
  // Meanwhile, in another tab, the invoice shows "Procesando".
  const other = await context.newPage();
  await other.goto(`${root(baseUrl)}/payments/payments?cc=${MARIA_CC}`);
  const inFlight = other.getByTestId('pay-invoices').locator('tbody tr', { hasText: processingNumber });
  await inFlight.waitFor();
  assert.equal(await inFlight.locator('[data-status]').getAttribute('data-status'), 'Procesando');
  await other.close();
  const expired = await fetch(`${sandboxUrl}/sandbox/transfermovil/${encodeURIComponent(expiring)}/expire`, {
    method: 'POST',
  });
  assert.equal(expired.status, 200, 'sandbox expired the order');
  await waitResult(page, 11);
  assert.equal((await page.getByTestId('payment-result-text').textContent()).trim(), TEXTS[11]);
}
