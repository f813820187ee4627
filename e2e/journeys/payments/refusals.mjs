// What a code cannot pay: an agreed debt (code 12) and an advance while in debt (code 8).
import { AGREED_CC, MARIA_CC, root, settle, TEXTS } from './helpers.mjs';

export async function refuseAgreedDebt({ page, baseUrl, assert }) {
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${AGREED_CC}`);
  await page.getByTestId('pay-page').waitFor();
  await settle(page);
  const whole = page.getByTestId('whole-debt');
  if (await whole.count()) {
    await whole.click();
    await page.getByTestId('pay-submit').click();
    const refused = page.getByTestId('payment-error');
    await refused.waitFor();
    assert.equal(await refused.getAttribute('data-code'), '12');
    assert.ok((await refused.textContent()).includes(TEXTS[12]), 'code 12 text');
    // Which office, where and when: the one serving the code's municipality.
    const office = refused.getByTestId('office-details');
    await office.waitFor();
    const officeText = await office.textContent();
    assert.ok(
      officeText.includes('Oficina Comercial') && officeText.includes('Lunes a viernes'),
      'the office',
    );
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
