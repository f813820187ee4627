// The utility's commercial system does not answer (design §7): the portal shows the last known figures
// with their date and time. The API's answers are marked here as the HTTP adapter marks them (asOf,
// stale: the adapter itself is covered by apps/api/src/modules/commercial/*.test.ts against the
// reference system), and the customer's codes, a code's page and the staff lookup say so, politely
// (role=status), in Havana time, in Spanish and English, on desktop 1366 and phone 390.

import { test } from '../fixtures.mjs';
import {
  DESKTOP,
  MARIA,
  MARIA_CC,
  MOBILE,
  root,
  STAFF,
  shoot,
  signIn,
  switchLanguage,
} from './billing/helpers.mjs';

const AS_OF = '2026-11-27T15:42:00.000Z';
const ES = 'Datos del 27/11/2026 10:42; el sistema comercial no responde';
const EN = 'Figures as of 11/27/2026 10:42; the commercial system is not answering';

/** A browser whose debt answers come back as the last known figures of 27/11/2026 10:42 (Havana). */
async function openStale(browser, viewport, mobile = false) {
  const context = await browser.newContext({
    viewport,
    locale: 'es-ES',
    reducedMotion: 'reduce',
    // The app's service worker would answer some reads itself, out of reach of page.route.
    serviceWorkers: 'block',
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const call of ['my-ccs', 'total-debt', 'debts-ccs']) {
    await page.route(`**/api/ahab-requests/${call}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const mark = (x) => ({ ...x, asOf: AS_OF, stale: true });
      await route.fulfill({ response, json: Array.isArray(body) ? body.map(mark) : mark(body) });
    });
  }
  return { context, page, errors };
}

test('commercial last known figures', async ({ journey, expectAccessible }) => {
  const { browser, baseUrl, screenshotDir, assert } = journey;
  for (const [viewport, mobile, size] of [
    [DESKTOP, false, 'desktop'],
    [MOBILE, true, 'mobile'],
  ]) {
    const { context, page, errors } = await openStale(browser, viewport, mobile);
    await signIn(page, baseUrl, MARIA);
    const notice = page.getByTestId('last-known');
    await notice.getByText(ES).waitFor();
    assert.equal(await notice.getAttribute('role'), 'status', 'announced politely');
    await page.getByTestId('code-card').first().waitFor();
    await shoot(page, screenshotDir, `commercial-last-known-codes-${size}-es`, true);

    await page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`).getByTestId('code-open').click();
    await page.getByTestId('code-detail').getByTestId('last-known').getByText(ES).waitFor();
    await page.getByTestId('invoices').locator('tbody tr.ov-table__row').first().waitFor();
    if (mobile)
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
        'the notice fits the phone width',
      );
    else await expectAccessible(page, 'a code with the last known figures');
    await shoot(page, screenshotDir, `commercial-last-known-detail-${size}-es`, true);

    await switchLanguage(page, 'EN');
    await page.getByTestId('last-known').getByText(EN).waitFor();
    await shoot(page, screenshotDir, `commercial-last-known-detail-${size}-en`, true);
    await page.goto(`${root(baseUrl)}/clientCodes`);
    await page.getByTestId('last-known').getByText(EN).waitFor();
    await page.getByTestId('code-card').first().waitFor();
    await shoot(page, screenshotDir, `commercial-last-known-codes-${size}-en`, true);
    assert.deepEqual(errors, [], 'no uncaught errors in the page');
    await context.close();
  }

  // Staff reading a code see the same notice.
  const { context, page, errors } = await openStale(browser, DESKTOP);
  await signIn(page, baseUrl, STAFF);
  await page.goto(`${root(baseUrl)}/admin/client-codes/${MARIA_CC}`);
  await page.getByText('Consulta de personal: solo lectura').waitFor();
  await page.getByTestId('last-known').getByText(ES).waitFor();
  await page.getByTestId('invoices').locator('tbody tr.ov-table__row').first().waitFor();
  await shoot(page, screenshotDir, 'commercial-last-known-staff-desktop-es', true);
  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
});
