// Advance deposits of a code without debt: the quote with its bonus, the payment, English.
import { JOSE_CC, root, shoot, waitResult } from './helpers.mjs';

export async function quoteAdvance({ page, baseUrl, screenshotDir, assert }, tag, mobile) {
  await page.goto(`${root(baseUrl)}/payments/prepaid?cc=${JOSE_CC}`);
  const quote = page.getByTestId('advance-quote');
  await quote.waitFor();
  assert.equal(await quote.getAttribute('data-code'), '1', 'advance allowed (code 1)');
  assert.ok((await quote.textContent()).includes('No tiene deuda, puede realizar un pago adelantado'));
  assert.match(await page.getByTestId('advance-minimum').textContent(), /\$\d[\d,]*\.\d{2}/, 'minimum');
  await page.getByTestId('advance-amount').fill('150');
  const bonus = page.getByTestId('advance-bonus');
  await bonus.waitFor();
  assert.match(await bonus.textContent(), /Recibirá \$\d[\d,]*\.\d{2} de bonificación/, 'bonus shown');
  // Money format: "$ 150.00" once typed, never "$ 150 CUP".
  await page.getByTestId('advance-amount').blur();
  assert.equal(await page.getByTestId('advance-amount').inputValue(), '150.00', 'amount shown as money');
  assert.ok(!(await page.locator('.ov-pay__amount').textContent()).includes('CUP'), 'no "CUP" beside "$"');
  await shoot(page, screenshotDir, `payments-prepaid-${tag}-es`, mobile);
}

export async function payAdvance({ page, sandboxUrl, assert }) {
  // Too little: refused before sending.
  await page.getByTestId('advance-amount').fill('0.50');
  await page.getByTestId('advance-amount').blur();
  assert.ok(await page.getByTestId('pay-submit').isDisabled(), 'below the minimum');
  await page.getByTestId('advance-amount').fill('150');
  await page.getByTestId('gateway-ENZONA').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL((url) => url.search.includes('paymentId'));
  assert.ok(new URL(page.url()).pathname.endsWith('/payments/prepaid'), 'back on the deposit page');
  await waitResult(page, 2);
  assert.ok((await page.getByTestId('payment-result').textContent()).includes('$150.00'), 'deposit amount');
}

export async function quoteAdvanceInEnglish({ page, baseUrl, screenshotDir, assert }) {
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.goto(`${root(baseUrl)}/payments/prepaid?cc=${JOSE_CC}`);
  await page.getByTestId('advance-quote').waitFor();
  await page.getByTestId('advance-amount').fill('200');
  await page.getByTestId('advance-bonus').waitFor();
  assert.match(await page.getByTestId('advance-bonus').textContent(), /You will receive \$10\.00 as a bonus/);
  await shoot(page, screenshotDir, 'payments-prepaid-desktop-en');
}
