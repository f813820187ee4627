// Payments against the gateway sandbox: a customer pays one invoice through EnZona (approves on the
// sandbox checkout page, comes back to the result page with code 2 and downloads the receipt, whose PDF
// text carries the code and '$'), cancels another EnZona payment (result shown, the invoice back to
// Pendiente), pays through Transfermóvil (the bank-app page approves in a second tab and the portal
// shows success without reloading), lets a Transfermóvil order expire (code 11 text), sees the refusal
// of an agreed debt (code 12) and the payment record. A customer without debt makes an advance deposit
// with its bonus. The administrator sees the dashboard with non-zero cards and the staff record with
// its CSV export. Screenshots: desktop 1366 and mobile 390, Spanish and English.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const pdfParse = require('pdf-parse/lib/pdf-parse.js');

const PASSWORD = 'Demo.Oficina.2026';
const MARIA = 'maria.perez@example.cu';
const JOSE = 'jose.fernandez@example.cu';
const ADMIN = { email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' };
const MARIA_CC = '2300000000001';
const AGREED_CC = '2300000000002';
const JOSE_CC = '2300000000003';

const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const root = (baseUrl) => `${baseUrl}/oficina_virtual`;

const TEXTS = {
  2: 'Pago realizado satisfactoriamente',
  4: 'Error al procesar el pago',
  11: 'El código de transacción ha expirado',
  12: 'La deuda está conveniada, diríjase a la oficina comercial',
};

async function newPage(browser, viewport, { mobile = false, language = 'es' } = {}) {
  const context = await browser.newContext({
    viewport,
    locale: language === 'en' ? 'en-US' : 'es-ES',
    acceptDownloads: true,
    reducedMotion: 'reduce',
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('ov.language')) window.localStorage.setItem('ov.language', lang);
  }, language);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function signIn(page, baseUrl, email, password = PASSWORD) {
  await page.goto(`${root(baseUrl)}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

const settle = async (page) => {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(400);
};

async function shoot(page, dir, name, fullPage = false) {
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

async function pdfText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync(await download.path());
  const { text } = await pdfParse(new Uint8Array(bytes));
  return { text, name: download.suggestedFilename() };
}

/** Opens the pay page for a code and leaves exactly one payable invoice chosen; returns its number. */
async function chooseOneInvoice(page, baseUrl, cc, index = 0) {
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${cc}`);
  const table = page.getByTestId('pay-invoices');
  await table.waitFor();
  const payable = table
    .locator('tbody tr')
    .filter({ has: page.locator('input[type="checkbox"]:not([disabled])') });
  await payable.first().waitFor();
  // Everything payable starts chosen: clear it with the header box, then pick one row.
  const header = table.locator('thead input[type="checkbox"]');
  if (await header.isChecked()) await header.click();
  const row = payable.nth(index);
  await row.locator('input[type="checkbox"]').check();
  const number = (await row.locator('td').nth(1).locator('strong').textContent()).trim();
  const amount = (await row.locator('.ov-pay__money').textContent()).trim();
  assert.equal((await page.getByTestId('pay-total').textContent()).trim(), amount, 'total = chosen invoice');
  return { number, amount };
}

let assert;

async function waitResult(page, code) {
  const result = page.getByTestId('payment-result');
  await result.waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    (c) => document.querySelector('[data-testid="payment-result"]')?.getAttribute('data-code') === String(c),
    code,
    { timeout: 30_000 },
  );
  return result;
}

async function mariaJourney({ browser, baseUrl, sandboxUrl, screenshotDir }) {
  const { context, page, errors } = await newPage(browser, DESKTOP);
  await signIn(page, baseUrl, MARIA);

  // 1. EnZona, approved on the sandbox's checkout page.
  const first = await chooseOneInvoice(page, baseUrl, MARIA_CC);
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

  // 2. EnZona, cancelled by the payer: result shown and the invoice back to Pendiente.
  const second = await chooseOneInvoice(page, baseUrl, MARIA_CC);
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
  assert.equal(
    (await page.getByTestId('payment-result-text').textContent()).trim(),
    TEXTS[Number(await cancelled.getAttribute('data-code'))],
    'cancellation shown with its result text',
  );
  await page.getByTestId('pay-again').click();
  const row = page.getByTestId('pay-invoices').locator('tbody tr', { hasText: second.number });
  await row.waitFor();
  assert.equal(
    await row.locator('[data-status]').getAttribute('data-status'),
    'Pendiente',
    'invoice back to Pendiente',
  );

  // 3. Transfermóvil: QR, deep link, code and countdown; approved in the bank app in another tab.
  await chooseOneInvoice(page, baseUrl, MARIA_CC);
  await page.getByTestId('gateway-TRANSFERMOVIL').click();
  await page.getByTestId('pay-submit').click();
  const panel = page.getByTestId('tm-panel');
  await panel.waitFor();
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

  // 4. Transfermóvil order that expires at the gateway: code 11.
  await chooseOneInvoice(page, baseUrl, MARIA_CC);
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

  // 5. An agreed debt is refused with code 12 and its exact text.
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
  }

  // A code with debts cannot take an advance (code 8), and links to paying them.
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

  // 6. The payment record: own payments, with receipts of the paid ones.
  await page.goto(`${root(baseUrl)}/payments/payment-record`);
  const table = page.locator('.ov-list table');
  await table.locator('tbody tr [data-status="PAYED"]').first().waitFor();
  assert.ok((await table.locator('tbody tr').count()) >= 4, 'four payments listed');
  await shoot(page, screenshotDir, 'payments-record-desktop-es');
  await page.getByTestId('filter-status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Pagado' }).click();
  await page.keyboard.press('Escape');
  await settle(page);
  const statuses = await table
    .locator('tbody [data-status]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  assert.ok(statuses.length >= 2 && statuses.every((s) => s === 'PAYED'), 'status filter');

  // English.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.goto(`${root(baseUrl)}/payments/payments?cc=${MARIA_CC}`);
  await page.getByTestId('pay-invoices').waitFor();
  assert.ok((await page.getByTestId('pay-page').textContent()).includes('Open invoices'));
  await shoot(page, screenshotDir, 'payments-pay-desktop-en');

  assert.deepEqual(errors, [], 'no page errors');
  await context.close();
}

async function mobileJourney({ browser, baseUrl, sandboxUrl, screenshotDir }, language, cc) {
  const { context, page, errors } = await newPage(browser, MOBILE, { mobile: true, language });
  await signIn(page, baseUrl, MARIA);
  await chooseOneInvoice(page, baseUrl, cc);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, 'pay page fits a phone');
  await shoot(page, screenshotDir, `payments-pay-mobile-${language}`, true);
  await page.getByTestId('gateway-TRANSFERMOVIL').click();
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('tm-qr').waitFor();
  await shoot(page, screenshotDir, `payments-transfermovil-mobile-${language}`, true);
  const code = (await page.getByTestId('tm-code').textContent()).trim();
  const r = await fetch(`${sandboxUrl}/sandbox/transfermovil/${encodeURIComponent(code)}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(r.status, 200);
  await waitResult(page, 2);
  await shoot(page, screenshotDir, `payments-result-mobile-${language}`, true);
  await page.goto(`${root(baseUrl)}/payments/payment-record`);
  await page.locator('.ov-list table tbody tr [data-status]').first().waitFor();
  await shoot(page, screenshotDir, `payments-record-mobile-${language}`);
  assert.deepEqual(errors, [], 'no page errors (mobile)');
  await context.close();
}

async function advanceJourney({ browser, baseUrl, sandboxUrl, screenshotDir }) {
  for (const [viewport, tag, mobile] of [
    [MOBILE, 'mobile', true],
    [DESKTOP, 'desktop', false],
  ]) {
    const { context, page, errors } = await newPage(browser, viewport, { mobile });
    await signIn(page, baseUrl, JOSE);
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
    await shoot(page, screenshotDir, `payments-prepaid-${tag}-es`, mobile);
    if (mobile) {
      await context.close();
      continue;
    }
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
    // English prepaid screen.
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.goto(`${root(baseUrl)}/payments/prepaid?cc=${JOSE_CC}`);
    await page.getByTestId('advance-quote').waitFor();
    await page.getByTestId('advance-amount').fill('200');
    await page.getByTestId('advance-bonus').waitFor();
    assert.match(
      await page.getByTestId('advance-bonus').textContent(),
      /You will receive \$10\.00 as a bonus/,
    );
    await shoot(page, screenshotDir, 'payments-prepaid-desktop-en');
    assert.deepEqual(errors, [], 'no page errors (advance)');
    await context.close();
  }
}

async function adminJourney({ browser, baseUrl, screenshotDir }) {
  for (const [viewport, tag, mobile, language] of [
    [DESKTOP, 'desktop', false, 'es'],
    [MOBILE, 'mobile', true, 'es'],
    [DESKTOP, 'desktop', false, 'en'],
    [MOBILE, 'mobile', true, 'en'],
  ]) {
    const { context, page, errors } = await newPage(browser, viewport, { mobile, language });
    await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('card-payments-value').waitFor();
    const total = (await page.getByTestId('card-payments-value').textContent()).trim();
    assert.match(total, /^\$\d[\d,]*\.\d{2}$/);
    assert.notEqual(total, '$0.00', 'payments card is not zero');
    assert.notEqual((await page.getByTestId('card-anticipated-value').textContent()).trim(), '$0.00');
    assert.notEqual((await page.getByTestId('card-clients-value').textContent()).trim(), '0');
    await page.getByTestId('chart-status').locator('.recharts-pie').waitFor();
    const labels = await page
      .getByTestId('chart-status')
      .locator('.recharts-pie-label-text')
      .allTextContents();
    assert.ok(labels.length > 0 && labels.every((l) => /^\d+\.\d %$/.test(l.trim())), `pie labels ${labels}`);
    await page.getByTestId('chart-over-time').locator('.recharts-line-dot').first().waitFor();
    await shoot(page, screenshotDir, `payments-dashboard-${tag}-${language}`, mobile);
    if (tag === 'desktop' && language === 'es') {
      // Staff record: everybody's payments, CSV export.
      await page.goto(`${root(baseUrl)}/payments/payment-record`);
      await page.locator('.ov-list table tbody tr [data-status]').first().waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('records-export').click(),
      ]);
      const csv = readFileSync(await download.path(), 'utf8');
      assert.ok(csv.includes(MARIA_CC) && csv.includes(JOSE_CC), 'CSV lists the payments');
      await shoot(page, screenshotDir, 'payments-record-staff-desktop-es');
      // Refund of an EnZona payment (TRANSFERMOVIL:WRITE via ADMIN): reason, confirm, REFUNDED.
      const paid = page
        .locator('.ov-list table tbody tr')
        .filter({ hasText: '$16.40' })
        .filter({ has: page.locator('[data-status="PAYED"]') });
      await paid.getByTestId('row-actions').click();
      await page.getByRole('menuitem', { name: 'Reembolsar' }).click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('refund-reason') });
      await dialog.getByTestId('refund-reason').fill('Cobro duplicado comprobado en caja');
      await dialog.getByRole('button', { name: 'Reembolsar' }).click();
      await page
        .locator('.ov-list table tbody tr')
        .filter({ hasText: '$16.40' })
        .locator('[data-status="REFUNDED"]')
        .waitFor();
    }
    assert.deepEqual(errors, [], 'no page errors (admin)');
    await context.close();
  }
}

export default async function paymentsJourney(ctx) {
  assert = ctx.assert;
  await mariaJourney(ctx);
  // Maria's first code has three open invoices (two paid above); the English run pays the one
  // Pendiente invoice of her second code (the others there are Conveniada).
  await mobileJourney(ctx, 'es', MARIA_CC);
  await mobileJourney(ctx, 'en', AGREED_CC);
  await advanceJourney(ctx);
  await adminJourney(ctx);
}
