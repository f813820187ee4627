// Payment agreements (issue 30, "Solicitar convenio"): María asks from her code's page for an agreement
// on its unpaid invoices (the schedule previewed as she changes the plan; a plan under the minimum down
// payment is refused beside the field), follows the request on its page; the residential specialist
// opens it in her queue and approves it with one instalment less; María sees it approved with its
// schedule, downloads the agreement PDF, and pays the down payment through EnZona (gateway sandbox).
// Screens in Spanish and English, 1366 and 390 px; axe on the approval dialog and the approved request.
import { startEnvironment } from '../environment.mjs';
import { test } from '../fixtures.mjs';
import {
  DESKTOP,
  MARIA,
  MARIA_CC,
  MOBILE,
  newPage,
  pdfText,
  root,
  settle,
  shoot,
  signIn,
  waitResult,
} from './payments/helpers.mjs';

const STAFF = 'ana.comercial@aguasdelahabana.cu';

async function paymentAgreement({ browser, baseUrl, sandboxUrl, screenshotDir, assert }, expectAccessible) {
  const base = root(baseUrl);

  // 0. The form in English on a phone, with its preview.
  const phone0 = await newPage(browser, MOBILE, { mobile: true, language: 'en' });
  await signIn(phone0.page, baseUrl, MARIA);
  await phone0.page.goto(`${base}/clientCodes/${MARIA_CC}/agreement`);
  await phone0.page.getByTestId('agreement-page').getByText('Payment schedule (preview)').waitFor();
  await shoot(phone0.page, screenshotDir, 'payment-agreement-form-mobile-en', true);
  await phone0.context.close();

  // 1. From the code's page, "Solicitar convenio": the invoices chosen, the plan and its schedule.
  const maria = await newPage(browser, DESKTOP);
  await signIn(maria.page, baseUrl, MARIA);
  await maria.page.goto(`${base}/clientCodes/${MARIA_CC}`);
  await maria.page.getByTestId('code-agreement').click();
  const form = maria.page.getByTestId('agreement-page');
  await form.waitFor();
  await form.getByTestId('agreement-schedule').waitFor();
  await maria.page.getByTestId('agreement-down').fill('0');
  await maria.page.getByText('El pago inicial es menor que el mínimo permitido').waitFor();
  await maria.page.getByTestId('agreement-down').fill('');
  const minimum = (await form.locator('.ov-agreement__plan small').first().textContent()).match(
    /\$[\d,.]+/,
  )[0];
  await maria.page.getByTestId('agreement-down').fill(minimum.slice(1).replace(/,/g, ''));
  await maria.page.getByTestId('agreement-instalments').fill('3');
  await form.getByText('Cuota 3 de 3').waitFor();
  await maria.page.getByTestId('agreement-send').click();
  await maria.page.getByText('Indique el motivo de la solicitud').waitFor();
  await maria.page.getByTestId('agreement-reason').fill('Desempleo temporal; puedo pagar en cuotas');
  await shoot(maria.page, screenshotDir, 'payment-agreement-form-desktop-es', true);
  await maria.page.getByTestId('agreement-send').click();
  await maria.page.waitForURL((url) => url.pathname.includes('/contract-request-details/'));
  const requestId = maria.page.url().split('/').pop();
  const mine = maria.page.getByTestId('request-details');
  await mine.getByTestId('agreement-panel').waitFor();
  await mine.getByText('Nueva', { exact: true }).waitFor();
  await shoot(maria.page, screenshotDir, 'payment-agreement-request-desktop-es');

  // 2. The residential specialist approves it from her queue, with two instalments instead of three.
  const staff = await newPage(browser, DESKTOP);
  await signIn(staff.page, baseUrl, STAFF);
  await staff.page.goto(`${base}/contractrequest/contract-request-residential-admins/${requestId}`);
  const panel = staff.page.getByTestId('agreement-panel');
  await panel.waitFor();
  await panel.getByTestId('agreement-approve').click();
  const dialog = staff.page.locator('.ant-modal:visible');
  await dialog.getByTestId('approve-instalments').fill('2');
  await dialog.getByText('Cuota 2 de 2').waitFor();
  await dialog.getByTestId('agreement-text').fill('Aprobado en dos cuotas');
  await shoot(staff.page, screenshotDir, 'payment-agreement-approve-desktop-es');
  await expectAccessible(staff.page, 'the approval dialog with its preview');
  await dialog.getByTestId('agreement-confirm').click();
  await dialog.waitFor({ state: 'hidden' });
  await staff.page.getByTestId('request-details').getByText('Firmada', { exact: true }).first().waitFor();
  await staff.context.close();

  // 3. María sees it approved with its schedule and downloads the agreement.
  await maria.page.reload();
  await mine.getByText('Calendario de pagos aprobado').waitFor();
  await expectAccessible(maria.page, 'the approved agreement on its request page');
  const pdf = await pdfText(maria.page, () => maria.page.getByTestId('download-contract').click());
  assert.ok(
    pdf.text.includes('Convenio de pago') && pdf.text.includes('Código de verificación'),
    'agreement PDF',
  );
  assert.ok(pdf.name.startsWith('convenio-'), 'named as an agreement');

  // 4. She pays the down payment (the agreement's first item) through EnZona.
  await maria.page.goto(`${base}/payments/payments?cc=${MARIA_CC}`);
  const table = maria.page.getByTestId('pay-invoices');
  await table.waitFor();
  const header = table.locator('thead input[type="checkbox"]');
  await table.locator('tbody tr').first().waitFor();
  if (await header.isChecked()) await header.click();
  const down = table.locator('tbody tr', { hasText: `CV-${requestId.replace('-', '')}-0/2` });
  await down.locator('input[type="checkbox"]').check();
  await settle(maria.page);
  await maria.page.getByTestId('gateway-ENZONA').click();
  await maria.page.getByTestId('pay-submit').click();
  await maria.page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: 20_000 });
  await maria.page.getByRole('button', { name: 'Pagar' }).click();
  await maria.page.waitForURL((url) => url.search.includes('paymentId'));
  await waitResult(maria.page, 2);
  await maria.context.close();

  // 5. The same pages in English on a phone.
  const phone = await newPage(browser, MOBILE, { mobile: true, language: 'en' });
  await signIn(phone.page, baseUrl, MARIA);
  await phone.page.goto(`${base}/contractrequest/contract-request-details/${requestId}`);
  await phone.page.getByTestId('agreement-panel').getByText('Approved payment schedule').waitFor();
  await shoot(phone.page, screenshotDir, 'payment-agreement-request-mobile-en', true);
  await expectAccessible(phone.page, 'the approved agreement on a phone, English');
  await phone.context.close();
}

// Its own portal and sandbox: an approved agreement changes María's debt, which the other journeys on the
// same worker's shared environment pay and read.
test('payment-agreement', async ({ journey, expectAccessible }) => {
  const env = await startEnvironment();
  try {
    await paymentAgreement(
      { ...journey, baseUrl: env.baseUrl, sandboxUrl: env.sandboxUrl },
      expectAccessible,
    );
  } finally {
    await env.stop();
  }
});
