// Where focus goes when the page changes under it (issue 26): never to the page's body. After signing
// in and after the payment gateway's return, on the new page's main heading (or main); when the
// notifications drawer closes, on the bell that opened it; when a routed side dialog (an invoice's
// "Detalles" on a code's page) closes, on the control that opened it, not on the page's heading. A
// focused heading draws no box; the controls keep their focus ring.
import { settled, signInAs } from './sweep.mjs';

const CUSTOMER = { email: 'maria.perez@example.cu', password: 'Demo.Oficina.2026' };
const CC = '2300000000001';
/** Pays through the gateway: a debtor whose code no other journey reads. */
const PAYER = { email: 'hotel.nacional@example.cu', password: 'Demo.Oficina.2026' };
const PAYER_CC = '2300000000004';

/** What has focus: its tag, test id and text, and whether it is the page's main heading or main. */
const focused = (page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName ?? '',
      testId: element?.getAttribute('data-testid') ?? '',
      label: element?.getAttribute('aria-label') ?? '',
      text: (element?.textContent ?? '').trim().slice(0, 60),
      mainHeading: Boolean(element?.matches('#ov-main h1, main h1, main, #ov-main')),
      body: element === document.body || !element,
    };
  });

/** Waits (a few seconds at most) until `test` holds for what has focus; returns what had it last. */
async function focusSettles(page, test) {
  let where = await focused(page);
  for (let attempt = 0; attempt < 40 && !test(where); attempt++) {
    await page.waitForTimeout(100);
    where = await focused(page);
  }
  return where;
}

export async function focusAfterPageChanges({ browser, baseUrl, sandboxUrl, assert, viewport }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  await context.addInitScript(() => localStorage.setItem('ov.language', 'es'));
  const page = await context.newPage();
  try {
    // Signing in: the submit button leaves the page with the public area.
    await signInAs(page, baseUrl, CUSTOMER);
    let where = await focusSettles(page, (w) => w.mainHeading);
    assert.ok(
      where.mainHeading,
      `after signing in focus is on the new page's heading: ${JSON.stringify(where)}`,
    );

    // The notifications drawer, closed with Escape and with its close button.
    await settled(page);
    for (const close of ['Escape', 'button']) {
      await page.getByTestId('notifications-bell').click();
      await page.getByTestId('notifications-drawer').waitFor();
      await settled(page);
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await page.getByTestId('notifications-close').click();
      await page.getByTestId('notifications-drawer').waitFor({ state: 'detached' });
      where = await focusSettles(page, (w) => w.testId === 'notifications-bell');
      assert.equal(
        where.testId,
        'notifications-bell',
        `the notifications drawer closed (${close}) hands focus back to the bell: ${JSON.stringify(where)}`,
      );
    }

    // The invoice's "Detalles" on the code's page: a side dialog on its own address.
    await page.goto(`${baseUrl}/oficina_virtual/clientCodes/${CC}`);
    const details = page
      .locator('[data-testid="invoices"] tbody tr.ov-table__row')
      .first()
      .getByRole('button', {
        name: 'Detalles',
      });
    await details.waitFor();
    await settled(page);
    await details.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('detail-dialog').waitFor();
    await settled(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('detail-dialog').waitFor({ state: 'detached' });
    where = await focusSettles(page, (w) => w.label === 'Detalles' || w.text === 'Detalles');
    assert.ok(
      where.label === 'Detalles' || where.text === 'Detalles',
      `the invoice dialog closed hands focus back to its "Detalles": ${JSON.stringify(where)}`,
    );

    // A heading focused after a key press draws no box as wide as the page; the next control does.
    await page.goto(`${baseUrl}/oficina_virtual/clientCodes`);
    const open = page.locator(`[data-testid="code-card"][data-cc="${CC}"] [data-testid="code-open"]`);
    await open.waitFor();
    await open.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    const ring = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement);
        return `${document.activeElement.tagName} ${style.outlineStyle} ${style.outlineWidth}`;
      });
    assert.match(await ring(), /^H1 none /, 'the focused heading draws no focus box');
    await page.keyboard.press('Tab');
    assert.doesNotMatch(await ring(), / none /, 'the next control shows its focus ring');
  } finally {
    await context.close();
  }

  // The payment gateway's return: a new document from another site. Paid as a customer no other
  // journey counts on (the hotel's code): the journeys of a worker share one database, and María's
  // open invoices are what the billing journey reads.
  const payer = await browser.newContext({ viewport, locale: 'es-ES' });
  await payer.addInitScript(() => localStorage.setItem('ov.language', 'es'));
  const payerPage = await payer.newPage();
  try {
    await signInAs(payerPage, baseUrl, PAYER);
    await payerPage.goto(`${baseUrl}/oficina_virtual/payments/payments?cc=${PAYER_CC}`);
    await payerPage.getByTestId('gateway-ENZONA').click();
    await payerPage.getByTestId('pay-submit').click();
    await payerPage.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
    await payerPage.getByRole('button', { name: 'Pagar' }).click();
    await payerPage.waitForURL(
      (url) => url.pathname.endsWith('/payments/payments') && url.search.includes('paymentId'),
    );
    await payerPage.getByTestId('payment-result').waitFor({ timeout: 30_000 });
    const where = await focusSettles(payerPage, (w) => w.mainHeading || w.testId === 'payment-result-text');
    assert.ok(
      where.mainHeading || where.testId === 'payment-result-text',
      `after the gateway's return focus is on the page's heading or the result: ${JSON.stringify(where)}`,
    );
  } finally {
    await payer.close();
  }
}
