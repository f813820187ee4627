// In front of the utility's commercial system (design §7, COMMERCIAL_SYSTEM=http), end to end with the
// reference system (apps/commercial-reference) beside the portal: María sees a debt; the office
// cashier records its payment at the counter (the reference's cashier page); within a minute the
// portal no longer shows it (the change feed, read every 2 s here); the cashier issues the next
// period's invoice; María is told in the app ("Nueva factura de …: $…"), pays it online through
// EnZona, and the reference system shows that posting exactly once. Desktop 1366 in Spanish, the
// notice and the paid invoice on a 390 px phone in English.

import { startEnvironment } from '../environment.mjs';
import { test } from '../fixtures.mjs';
import {
  DESKTOP,
  MARIA,
  MARIA_CC,
  MOBILE,
  newPage,
  root,
  settle,
  shoot,
  signIn,
  waitResult,
} from './payments/helpers.mjs';

/** The open invoices the pay page lists for a code: their numbers, as the customer reads them. */
async function openInvoiceNumbers(page, baseUrl, cc) {
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${cc}`);
  const table = page.getByTestId('pay-invoices');
  await table.waitFor();
  await table.locator('tbody tr').first().waitFor();
  await settle(page);
  return (await table.locator('tbody tr').getByRole('rowheader').locator('strong').allTextContents()).map(
    (t) => t.trim(),
  );
}

/** Polls `check` every `every` ms until it answers truthy; fails after `ms`. Answers the value and the time taken. */
async function within(what, ms, check, every = 1500) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return { value, seconds: (Date.now() - started) / 1000 };
    if (Date.now() - started > ms) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

test('commercial system: office payment seen, new invoice notified and paid online, posted once', async ({
  journey,
  expectAccessible,
}) => {
  test.setTimeout(12 * 60_000);
  const { browser, screenshotDir, assert } = journey;
  const env = await startEnvironment({ commercial: true });
  try {
    const { baseUrl, sandboxUrl, commercialUrl } = env;
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, baseUrl, MARIA);

    // 1. María's debt, read live from the commercial system.
    const open = await openInvoiceNumbers(page, baseUrl, MARIA_CC);
    assert.ok(open.length >= 1, 'María has open invoices in the commercial system');
    const paidAtOffice = open[0];
    await shoot(page, screenshotDir, 'commercial-debt-desktop-es');

    // 2. The office cashier records its payment at the counter.
    const cashierContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
    const cashier = await cashierContext.newPage();
    await cashier.goto(`${commercialUrl}/oficina?cc=${MARIA_CC}`);
    await cashier.locator('#pay-invoice').selectOption(paidAtOffice);
    await cashier.getByRole('button', { name: /Registrar pago/ }).click();
    await cashier.waitForURL((url) => url.searchParams.get('ok') === 'payment');
    await shoot(cashier, screenshotDir, 'commercial-cashier-payment');

    // 3. Within a minute the portal no longer shows it as owed.
    const gone = await within('the office payment seen by the portal', 60_000, async () => {
      const now = await openInvoiceNumbers(page, baseUrl, MARIA_CC);
      return !now.includes(paidAtOffice);
    });
    console.log(`office payment seen by the portal after ${gone.seconds.toFixed(1)} s`);
    assert.ok(gone.seconds < 60, 'within a minute');
    await shoot(page, screenshotDir, 'commercial-office-paid-desktop-es');

    // 4. The cashier issues the next period's invoice.
    await cashier.goto(`${commercialUrl}/oficina?cc=${MARIA_CC}`);
    await cashier.locator('#issue-amount').fill('123.45');
    await cashier.getByRole('button', { name: /Emitir factura/ }).click();
    await cashier.waitForURL((url) => url.searchParams.get('ok') === 'invoice');
    const issued = (
      await cashier.locator('table tbody tr').first().getByRole('rowheader').textContent()
    ).trim();
    assert.ok(issued, 'the new invoice has a number');

    // 5. María is told in the app, with the amount.
    const told = await within('the new invoice notice', 60_000, async () => {
      await page.reload();
      await page.getByTestId('notifications-bell').waitFor();
      await page.getByTestId('notifications-bell').click();
      const drawer = page.getByTestId('notifications-drawer');
      await drawer.waitFor();
      const text = await drawer.textContent();
      const found = text.includes('Nueva factura') && text.includes('$123.45');
      if (!found) await page.keyboard.press('Escape');
      return found;
    });
    console.log(`new invoice notice after ${told.seconds.toFixed(1)} s`);
    await expectAccessible(page, 'notifications drawer with the new invoice notice');
    await shoot(page, screenshotDir, 'commercial-new-invoice-notice-desktop-es');
    await page.keyboard.press('Escape');

    // 6. She pays the new invoice online through EnZona.
    await page.goto(`${root(baseUrl)}/payments/payments?cc=${MARIA_CC}`);
    const table = page.getByTestId('pay-invoices');
    await table.locator('tbody tr', { hasText: issued }).waitFor();
    const header = table.locator('thead input[type="checkbox"]');
    if (await header.isChecked()) await header.click();
    await table.locator('tbody tr', { hasText: issued }).locator('input[type="checkbox"]').check();
    assert.equal(
      (await page.getByTestId('pay-total').textContent()).trim(),
      '$123.45',
      'the total is the new invoice',
    );
    await page.getByTestId('gateway-ENZONA').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(
      (url) => url.pathname.endsWith('/payments/payments') && url.search.includes('paymentId'),
    );
    await waitResult(page, 2);
    const paymentId = new URL(page.url()).searchParams.get('paymentId');
    assert.ok(paymentId, 'the result page names the payment');
    await shoot(page, screenshotDir, 'commercial-paid-online-desktop-es');

    // 7. The commercial system shows that posting exactly once (the jobs post it within seconds).
    const posted = await within('the online payment posted', 60_000, async () => {
      const res = await fetch(`${commercialUrl}/control/postings?key=${paymentId}`);
      const rows = await res.json();
      return rows.length ? rows : null;
    });
    assert.equal(posted.value.length, 1, 'one posting for the payment');
    assert.deepEqual(posted.value[0].invoices, [issued], 'the posting pays the new invoice');
    assert.equal(posted.value[0].amountCents, 12345);
    await cashier.goto(`${commercialUrl}/oficina?cc=${MARIA_CC}`);
    await cashier.locator('#postings').waitFor();
    await shoot(cashier, screenshotDir, 'commercial-cashier-postings');
    // Still once a few posting passes later.
    await new Promise((r) => setTimeout(r, 3000));
    const again = await (await fetch(`${commercialUrl}/control/postings?key=${paymentId}`)).json();
    assert.equal(again.length, 1, 'still one posting');

    // The new invoice is no longer owed; the phone in English shows the same.
    const after = await openInvoiceNumbers(page, baseUrl, MARIA_CC);
    assert.ok(!after.includes(issued), 'the paid invoice left the open list');
    assert.deepEqual(errors, [], 'no page errors');
    await context.close();
    await cashierContext.close();

    const phone = await newPage(browser, MOBILE, { mobile: true, language: 'en' });
    await signIn(phone.page, baseUrl, MARIA);
    const phoneOpen = await openInvoiceNumbers(phone.page, baseUrl, MARIA_CC);
    assert.ok(
      !phoneOpen.includes(issued) && !phoneOpen.includes(paidAtOffice),
      'neither invoice owed (phone)',
    );
    await phone.page.getByTestId('notifications-bell').click();
    await phone.page
      .getByTestId('notifications-drawer')
      .getByText('New invoice', { exact: false })
      .first()
      .waitFor();
    await expectAccessible(phone.page, 'notifications drawer on a phone, English');
    await shoot(phone.page, screenshotDir, 'commercial-new-invoice-notice-mobile-en');
    assert.deepEqual(phone.errors, [], 'no page errors (phone)');
    await phone.context.close();
  } catch (error) {
    env.printLogs();
    throw error;
  } finally {
    await env.stop();
  }
});
