// Pay without an account (issue 30): a visitor reaches "Pagar sin registrarse" from the landing, is
// refused a wrong proof (the same words as an unknown code), opens Roberto's code with its contract
// number (initials only: "R. G. A."), pays one invoice through EnZona on the sandbox's checkout page,
// comes back to the guest result page and downloads the receipt (the code and the initials, never the
// name). On a phone, in English, from the FAQ page: the next invoice through Transfermóvil, approved in
// the bank app, the result shown without reloading. Axe on the result pages (the a11y sweep covers the form and
// the invoices); screenshots es/en, 1366/390.

import { startEnvironment } from '../environment.mjs';
import { test } from '../fixtures.mjs';
import { DESKTOP, MOBILE, newPage, pdfText, root, shoot, waitResult } from './payments/helpers.mjs';

const CC = '2300000000006';
const CONTRACT = 'CT-2021-000106';
const UNKNOWN_WORDS = /No encontramos ese código de cliente con ese número/;

async function openCode(page, proof) {
  await page.getByTestId('guest-cc').fill(CC);
  await page.getByTestId('guest-proof').fill(proof);
  await page.getByTestId('guest-lookup').click();
}

/** Leaves exactly the first payable invoice chosen; answers its amount. */
async function chooseFirstInvoice(page, assert) {
  const table = page.getByTestId('guest-invoices');
  await table.waitFor();
  const header = table.locator('thead input[type="checkbox"]');
  if (await header.isChecked()) await header.click();
  const row = table
    .locator('tbody tr')
    .filter({ has: page.locator('input:not([disabled])') })
    .first();
  await row.locator('input[type="checkbox"]').check();
  const amount = (await row.locator('.ov-pay__money').textContent()).trim();
  assert.equal((await page.getByTestId('pay-total').textContent()).trim(), amount, 'total = chosen invoice');
  return amount;
}

async function desktopSpanish({ browser, baseUrl, sandboxUrl, screenshotDir, assert }, expectAccessible) {
  const { context, page, errors } = await newPage(browser, DESKTOP);
  await page.goto(`${root(baseUrl)}/`);
  await page.getByTestId('entry-guest-pay').click();
  await page.getByTestId('guest-pay-page').waitFor();

  // A wrong proof: refused with the words an unknown code gets, nothing of the account shown.
  await openCode(page, 'CT-0000-000000');
  const refused = page.getByTestId('payment-error');
  await refused.waitFor();
  assert.match(await refused.textContent(), UNKNOWN_WORDS);
  await shoot(page, screenshotDir, 'guest-pay-refused-desktop-es');

  await page.getByTestId('guest-proof').fill(CONTRACT);
  await page.getByTestId('guest-lookup').click();
  await page.getByTestId('guest-holder').waitFor();
  assert.equal((await page.getByTestId('guest-holder').textContent()).trim(), 'R. G. A.');
  assert.ok(!(await page.getByTestId('guest-pay-page').textContent()).includes('Roberto'), 'no name shown');
  const amount = await chooseFirstInvoice(page, assert);
  await page.getByTestId('guest-email').fill('hijo@example.cu');
  await shoot(page, screenshotDir, 'guest-pay-invoices-desktop-es');

  await page.getByTestId('gateway-ENZONA').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/pagar/resultado') && url.search.includes('token='));
  await waitResult(page, 2);
  assert.equal(
    (await page.getByTestId('payment-result-text').textContent()).trim(),
    'Pago realizado satisfactoriamente',
  );
  assert.ok((await page.getByTestId('payment-result').textContent()).includes(amount), 'the amount paid');
  await expectAccessible(page, '/pagar/resultado (es, 1366)');
  await shoot(page, screenshotDir, 'guest-pay-result-desktop-es');
  const receipt = await pdfText(page, () => page.getByTestId('receipt-download').click());
  assert.ok(receipt.text.includes(CC), 'the receipt names the client code');
  assert.ok(receipt.text.includes('R. G. A.'), 'the receipt shows the initials');
  assert.ok(!receipt.text.includes('Roberto'), 'the receipt does not name the holder');
  assert.deepEqual(errors, [], 'no page errors');
  await context.close();
}

async function phoneEnglish({ browser, baseUrl, sandboxUrl, screenshotDir, assert }, expectAccessible) {
  const { context, page, errors } = await newPage(browser, MOBILE, { mobile: true, language: 'en' });
  await page.goto(`${root(baseUrl)}/faqs`);
  await page.getByTestId('faqs-guest-pay').getByRole('link').click();
  await page.getByTestId('guest-pay-page').waitFor();
  await shoot(page, screenshotDir, 'guest-pay-form-mobile-en', true);
  await openCode(page, CONTRACT);
  await page.getByTestId('guest-holder').waitFor();
  await chooseFirstInvoice(page, assert);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, 'the guest page fits a phone');
  await shoot(page, screenshotDir, 'guest-pay-invoices-mobile-en', true);

  await page.getByTestId('gateway-TRANSFERMOVIL').click();
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('tm-panel').waitFor();
  await shoot(page, screenshotDir, 'guest-pay-transfermovil-mobile-en', true);
  const code = (await page.getByTestId('tm-code').textContent()).trim();
  const approved = await fetch(`${sandboxUrl}/sandbox/transfermovil/${encodeURIComponent(code)}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(approved.status, 200);
  await waitResult(page, 2);
  assert.equal(
    (await page.getByTestId('payment-result-text').textContent()).trim(),
    'Payment made successfully',
  );
  await expectAccessible(page, '/pagar/resultado (en, 390)');
  await shoot(page, screenshotDir, 'guest-pay-result-mobile-en', true);
  assert.deepEqual(errors, [], 'no page errors (phone)');
  await context.close();
}

/** The two other combinations of language and width, looked at (the form and the invoices). */
async function otherLooks({ browser, baseUrl, screenshotDir, assert }) {
  for (const [viewport, tag, mobile, language] of [
    [MOBILE, 'mobile', true, 'es'],
    [DESKTOP, 'desktop', false, 'en'],
  ]) {
    const { context, page, errors } = await newPage(browser, viewport, { mobile, language });
    await page.goto(`${root(baseUrl)}/pagar`);
    await page.getByTestId('guest-cc').waitFor();
    await shoot(page, screenshotDir, `guest-pay-form-${tag}-${language}`, mobile);
    await openCode(page, CONTRACT);
    await page.getByTestId('guest-invoices').waitFor();
    await shoot(page, screenshotDir, `guest-pay-invoices-${tag}-${language}`, mobile);
    assert.deepEqual(errors, [], `no page errors (${tag} ${language})`);
    await context.close();
  }
}

// Its own portal and sandbox: the payments change code 2300000000006's debt, which the billing journey
// (on the same worker's shared environment) associates and reads.
test('guest pay', async ({ journey, expectAccessible }) => {
  const env = await startEnvironment();
  try {
    const own = { ...journey, baseUrl: env.baseUrl, sandboxUrl: env.sandboxUrl };
    await desktopSpanish(own, expectAccessible);
    await phoneEnglish(own, expectAccessible);
    await otherLooks(own);
  } finally {
    await env.stop();
  }
});
