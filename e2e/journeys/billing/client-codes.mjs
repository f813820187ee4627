// Client code steps of a customer: the codes screen, adding codes (and the refusals), the 459 message.
import {
  addCode,
  MARIA_CC,
  NEW_CC,
  NEW_PROOF,
  NO_CONTRACT_CC,
  NO_CONTRACT_PROOF,
  shoot,
} from './helpers.mjs';

export async function checkHome({ page, screenshotDir, assert }) {
  const codes = page.getByTestId('client-codes');
  await codes.waitFor();
  assert.ok(/\/oficina_virtual\/?$/.test(page.url()), 'home is the client codes screen');
  await page.getByTestId('code-card').nth(1).waitFor();
  assert.equal(await page.getByTestId('code-card').count(), 2, 'two codes linked');
  const first = page.locator(`[data-testid="code-card"][data-cc="${MARIA_CC}"]`);
  assert.match(
    await first.getByTestId('code-debt').textContent(),
    /^\$\d[\d,]*\.\d{2}$/,
    'debt in "$" 0,0.00',
  );
  await shoot(page, screenshotDir, 'billing-codes-desktop-es');
}

export async function addCodeWithChecks({ page, screenshotDir, assert }) {
  await page.getByTestId('codes-add').click();
  const dialog = page.getByTestId('add-code-dialog');
  await dialog.waitFor();
  assert.ok((await dialog.textContent()).includes('número de contrato'), 'explains the contract proof');
  await addCode(page, '12', 'x');
  await dialog.getByText('El código de cliente debe tener entre 8 y 15 dígitos').waitFor();
  await addCode(page, MARIA_CC, 'CT-2019-000101');
  await dialog.getByTestId('add-code-error').getByText('El código de cliente ya está asociado').waitFor(); // 497
  await addCode(page, NEW_CC, 'CT-0000-000000');
  await dialog
    .getByTestId('add-code-error')
    .getByText('El dato de titularidad no coincide', { exact: false })
    .waitFor();
  await dialog.getByTestId('add-code-proof').fill(NEW_PROOF);
  await shoot(page, screenshotDir, 'billing-add-desktop-es');
  await page.getByTestId('add-code-submit').click();
  await page.locator(`[data-testid="code-card"][data-cc="${NEW_CC}"]`).waitFor();
  assert.equal(await page.getByTestId('code-card').count(), 3, 'the new code is listed');
  await page.getByTestId('add-code-dialog').waitFor({ state: 'hidden' });
}

export async function addCodeByInvoiceNumber({ page }) {
  await page.getByTestId('codes-add').click();
  await addCode(page, NO_CONTRACT_CC, NO_CONTRACT_PROOF);
  await page.locator(`[data-testid="code-card"][data-cc="${NO_CONTRACT_CC}"]`).waitFor();
  await page.getByTestId('add-code-dialog').waitFor({ state: 'hidden' });
}

export async function refuseMissingContract({ page }) {
  await page
    .locator(`[data-testid="code-card"][data-cc="${NO_CONTRACT_CC}"]`)
    .getByTestId('code-open')
    .click();
  await page.waitForURL(new RegExp(`/clientCodes/${NO_CONTRACT_CC}$`));
  await page.getByTestId('code-summary').waitFor();
  await page.getByTestId('download-contract').click();
  await page.locator('.ov-toast, .ant-message').getByText('No existe un modelo de contrato').waitFor();
  await page.goBack();
}
