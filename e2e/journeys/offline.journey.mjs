// Offline (issue 13): a demo customer visits their client codes and a receipt of the payment record
// with the service worker running; the network goes away; a reload still shows the codes and the
// receipt, marked "Sin conexión" with the date of the data; back online, signing out leaves nothing
// personal in the browser's caches. Screenshots: mobile 390, Spanish.

import { test } from '../fixtures.mjs';
import { signOutThroughMenu, submitSignIn } from '../support.mjs';

const PASSWORD = 'Demo.Oficina.2026';
const MARIA = 'maria.perez@example.cu';
const MARIA_CC = '2300000000001';
const root = (baseUrl) => `${baseUrl}/oficina_virtual`;

/** What the page's caches hold: every cache's name and the URLs of its entries. */
const cachedUrls = (page) =>
  page.evaluate(async () => {
    const out = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) out.push(`${name} ${request.url}`);
    }
    return out;
  });

async function offline({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await submitSignIn(page, `${root(baseUrl)}/login`, MARIA, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  // The worker registers once the page has loaded and takes control of it.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);

  // The client codes, through the worker (it keeps a copy of each answer).
  await page.goto(`${root(baseUrl)}/clientCodes`);
  const card = page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`);
  await card.waitFor();

  // A receipt: a paid payment of the record, opened in its side dialog.
  await page.goto(`${root(baseUrl)}/payments/payment-record`);
  const paid = page.locator('.ov-list table tbody tr').filter({ has: page.locator('[data-status="PAYED"]') });
  await paid.first().waitFor();
  await paid.first().getByTestId('row-actions').click();
  await page.getByRole('menuitem', { name: 'Detalles' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByText('Pagado', { exact: true }).waitFor();
  const receiptUrl = page.url();
  assert.notEqual(
    new URL(receiptUrl).pathname,
    '/oficina_virtual/payments/payment-record',
    'the receipt has its own address',
  );
  const receiptText = (await dialog.innerText()).trim();

  // No network: the same receipt after a reload, from this device, marked offline with a date.
  await context.setOffline(true);
  await page.reload();
  const banner = page.getByTestId('offline-banner');
  await banner.waitFor();
  await dialog.getByText('Pagado', { exact: true }).waitFor();
  assert.equal((await dialog.innerText()).trim(), receiptText, 'the receipt offline is the one seen online');
  assert.match(
    await banner.innerText(),
    /^Sin conexión\. Datos del \d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}/,
  );
  await page.screenshot({ path: `${screenshotDir}/offline-receipt-mobile-es.png` });

  // … and the client codes.
  await page.goto(`${root(baseUrl)}/clientCodes`);
  await card.waitFor();
  await banner.waitFor();
  assert.match(await banner.innerText(), /^Sin conexión\. Datos del /);
  await page.screenshot({ path: `${screenshotDir}/offline-codes-mobile-es.png` });

  // Back online: fresh answers, no offline notice.
  await context.setOffline(false);
  await page.reload();
  await card.waitFor();
  await banner.waitFor({ state: 'detached' });
  assert.ok(
    (await cachedUrls(page)).some((entry) => entry.includes('/api/')),
    'the data was kept for offline use',
  );

  // Signing out empties every cache holding personal data: no API answer is left anywhere.
  await signOutThroughMenu(page, 'Cerrar sesión');
  await page.waitForFunction(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      if ((await cache.keys()).some((request) => new URL(request.url).pathname.startsWith('/api/')))
        return false;
    }
    return true;
  });
  const left = await cachedUrls(page);
  assert.deepEqual(
    left.filter((entry) => /\/api\/|ov-personal/.test(entry)),
    [],
    'nothing personal left in the caches',
  );
  assert.ok(
    left.some((entry) => entry.includes('index.html')),
    'the app shell stays cached',
  );

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

test('offline', async ({ journey }) => offline(journey));
