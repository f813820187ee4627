// What a code cannot pay: agreed invoices (left out and explained) and an advance while in debt (code 8).
import { AGREED_CC, MARIA_CC, root, settle } from './helpers.mjs';

export async function refuseAgreedDebt({ page, baseUrl, assert }) {
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${AGREED_CC}`);
  await page.getByTestId('pay-page').waitFor();
  await settle(page);
  // Agreed invoices are left out of what can be paid here, and the page says why (never a code 12
  // refusal after offering them).
  const agreed = page.getByTestId('pay-agreed');
  await agreed.waitFor();
  assert.match(
    await agreed.textContent(),
    /Las facturas conveniadas \(\d+, \$[\d,]+\.\d{2}\) no se pagan aquí/,
  );
  const conveniada = page.getByTestId('pay-invoices').locator('tbody tr', {
    has: page.locator('[data-status="Conveniada"]'),
  });
  assert.ok((await conveniada.count()) > 0, 'the agreed invoices are listed');
  assert.ok(await conveniada.first().locator('input[type="checkbox"]').isDisabled(), 'and cannot be chosen');
  const whole = page.getByTestId('whole-debt');
  if (await whole.count()) {
    const before = await page.getByTestId('pay-total').textContent();
    await whole.click();
    assert.equal(await page.getByTestId('pay-total').textContent(), before, 'whole debt = what can be paid');
  }
}

export async function refuseAdvanceWithDebts({ page, baseUrl, assert }) {
  await page.goto(`${root(baseUrl)}/payments/prepaid?cc=${MARIA_CC}`);
  const quote = page.getByTestId('advance-quote');
  await quote.waitFor();
  assert.equal(await quote.getAttribute('data-code'), '8');
  assert.ok(
    (await quote.textContent()).includes('No puede realizar pagos adelantados, tiene deudas por pagar'),
  );
  await page.getByTestId('advance-pay-debt').click();
  await page.waitForURL(
    (url) => url.pathname.endsWith('/payments/payments') && url.search.includes(MARIA_CC),
  );
}
