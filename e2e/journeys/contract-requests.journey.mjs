// Contract requests (issues 10, 26): an anonymous resident requests a new contract with an attachment and
// looks it up by ID; a customer sends his own request signed in; the residential specialist filters her
// queue by date (typed in Spanish, with its calendar), opens the request with a click on its row, takes
// it, answers, chooses the office from the municipality's offices and signs; the requester sees it change
// live, downloads the contract and associates the new code, finds it in "Mis solicitudes" (cards) and on
// its own page (the office's words captioned in English); a state request cannot be annulled, a
// residential one is annulled with a reason; María's request held for debt sits in its place in the
// timeline and she picks one of her codes to update a contract. Screens in both languages, 1366 and 390 px.

import sharp from 'sharp';
import { test } from '../fixtures.mjs';
import { chooseOption } from '../support.mjs';
import {
  DESKTOP,
  downloadedPdfText,
  JOSE,
  MARIA,
  MOBILE,
  newPage,
  root,
  STAFF,
  shoot,
  signIn,
  switchLanguage,
} from './billing/helpers.mjs';

const STATE_STAFF = 'carlos.grandes@aguasdelahabana.cu';
const MARIA_SECOND_CC = '2300000000002';
const ID_PATTERN = /^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/;

async function fillRequest(page, { name, email }) {
  await page.getByTestId('sector-RESIDENTIAL').click();
  await page.getByTestId('cr-next').click();
  await page.getByTestId('procedure-NEW_CONTRACT').click();
  await page.getByTestId('cr-next').click();
  await page.getByTestId('cr-fullName').waitFor();
  // Nothing filled: each field says what is missing and nothing moves on.
  await page.getByTestId('cr-next').click();
  await page.getByText('Requerido').first().waitFor();
  await page.getByText('Indique un teléfono o un correo electrónico').waitFor();
  await page.getByTestId('cr-fullName').fill(name);
  await page.getByTestId('cr-nationalId').fill('85130112345'); // month 13: not a real carné
  await page.getByTestId('cr-email').fill(email);
  await page.getByTestId('cr-next').click();
  await page.getByText('Carné de identidad o código de entidad no válido').waitFor();
  await page.getByTestId('cr-nationalId').fill('85010112345');
  await page.getByTestId('cr-next').click();
  await chooseOption(page, page.locator('input#municipality'), 'Plaza de la Revolución', {
    typed: 'Plaza',
  });
  await page.getByTestId('cr-street').fill('Calle 23');
  await page.getByTestId('cr-number').fill('1054');
  await page.getByTestId('cr-between1').fill('Calle 10');
  await page.getByTestId('cr-between2').fill('Calle 12');
  await page.getByTestId('cr-next').click();
  await page.getByTestId('cr-nucleus').fill('4');
  await page.getByTestId('cr-next').click();
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#d9e4f0' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'carne-identidad.png', mimeType: 'image/png', buffer: png });
  await page.getByText('carne-identidad.png', { exact: true }).waitFor();
  await page.getByTestId('cr-next').click();
  await page.getByTestId('cr-review').waitFor();
}

/** Opens a request in a queue's side dialog and takes one step through the confirmation dialog. */
async function step(page, to, answer) {
  await page.getByTestId(`move-${to}`).click();
  const dialog = page.locator('.ant-modal:visible');
  if (answer) await dialog.getByTestId('dialog-text').fill(answer);
  await dialog.getByTestId('dialog-confirm').click();
  await dialog.waitFor({ state: 'hidden' });
}

async function contractRequests({ browser, baseUrl, screenshotDir, assert }) {
  const base = root(baseUrl);

  // 1. An anonymous resident, on a phone, sends a request with an identity document.
  const resident = await newPage(browser, MOBILE, true);
  await resident.page.goto(`${base}/contract-request`);
  await resident.page.getByTestId('sector-RESIDENTIAL').waitFor();
  await shoot(resident.page, screenshotDir, 'contract-requests-form-mobile-es', true);
  await fillRequest(resident.page, { name: 'Rosa Delgado Pérez', email: 'rosa.delgado@example.cu' });
  await shoot(resident.page, screenshotDir, 'contract-requests-review-mobile-es', true);
  await resident.page.getByTestId('cr-next').click();
  const idText = resident.page.getByTestId('request-id');
  await idText.waitFor();
  const residentId = (await idText.textContent()).trim();
  assert.match(residentId, ID_PATTERN, 'the request ID is shown grouped');
  await resident.page.getByText('1 documento(s) adjuntado(s).').waitFor();
  await resident.page.getByRole('img', { name: /QR/ }).waitFor();
  await shoot(resident.page, screenshotDir, 'contract-requests-sent-mobile-es', true);

  // 2. Looks it up by ID: status and steps, nothing personal.
  await resident.page.getByTestId('follow-request').click();
  const result = resident.page.getByTestId('search-result');
  await result.waitFor();
  const shown = await result.textContent();
  assert.ok(shown.includes('Nueva'), 'the lookup shows the status');
  assert.ok(!shown.includes('Rosa') && !shown.includes('85010112345'), 'nothing personal in the lookup');
  await shoot(resident.page, screenshotDir, 'contract-requests-search-mobile-es', true);
  await switchLanguage(resident.page, 'EN');
  await resident.page.getByText('What comes next').waitFor();
  await shoot(resident.page, screenshotDir, 'contract-requests-search-mobile-en', true);
  // A contract ready to sign names the office that serves its address, with hours and phone.
  await resident.page.goto(`${base}/search?id=vedad-plaza`);
  await resident.page.getByTestId('search-result').getByTestId('office-details').waitFor();
  await shoot(resident.page, screenshotDir, 'contract-requests-search-ready-mobile-en', true);
  assert.deepEqual(resident.errors, [], 'no page errors for the resident');
  await resident.context.close();

  // 3. A customer, signed in, sends his own request (an anonymous one stays anonymous: it is claimed
  // with proof, not joined by its e-mail) and keeps it open.
  const owner = await newPage(browser, DESKTOP);
  await signIn(owner.page, baseUrl, JOSE);
  await owner.page.goto(`${base}/contract-request`);
  await fillRequest(owner.page, { name: 'José Fernández Díaz', email: JOSE });
  await owner.page.getByTestId('cr-next').click();
  await owner.page.getByTestId('request-id').waitFor();
  const requestId = (await owner.page.getByTestId('request-id').textContent()).trim();
  await owner.page.getByText('1 documento(s) adjuntado(s).').waitFor();
  await owner.page.goto(`${base}/contractrequest/contract-request-details/${requestId}`);
  const ownerView = owner.page.getByTestId('request-details');
  await ownerView.getByText('Nueva', { exact: true }).waitFor();

  // 4. The residential specialist sees only the residential queue, takes the request, answers and signs.
  const staff = await newPage(browser, DESKTOP);
  await signIn(staff.page, baseUrl, STAFF);
  await staff.page.goto(`${base}/contractrequest/contract-request-residential-admins`);
  const list = staff.page.getByTestId('list-cr-residential');
  await list.locator('tr.ov-table__row').first().waitFor();
  await staff.page.getByTestId('count-NEW').waitFor();
  await shoot(staff.page, screenshotDir, 'contract-requests-queue-desktop-es');
  const menu = await staff.page.getByTestId('sider').textContent();
  assert.ok(!menu.includes('Sector estatal') && !menu.includes('Todas las solicitudes'), 'only her queue');
  // The date filter is written as the page writes dates (dd/mm/aaaa), with a calendar in Spanish.
  const dates = staff.page.getByTestId('filter-dates');
  const today = new Date();
  const dmy = [today.getDate(), today.getMonth() + 1]
    .map((n) => String(n).padStart(2, '0'))
    .concat(String(today.getFullYear()))
    .join('/');
  assert.equal(await dates.getByLabel('Desde').getAttribute('placeholder'), 'dd/mm/aaaa');
  await dates.getByLabel('Desde').fill(dmy);
  await dates.getByLabel('Hasta').fill(dmy);
  const row = list.locator('tr.ov-table__row', { hasText: requestId });
  await row.waitFor();
  await dates.getByLabel('Hasta').press('Alt+ArrowDown');
  await dates.getByRole('dialog', { name: 'Calendario' }).waitFor();
  await shoot(staff.page, screenshotDir, 'contract-requests-queue-dates-desktop-es');
  await staff.page.keyboard.press('Escape');
  // A click on the row (its name cell, not a control) opens the request.
  await row.locator('td', { hasText: 'José Fernández Díaz' }).click();
  await staff.page.waitForURL((url) => url.pathname.endsWith(`/${requestId}`));
  const details = staff.page.getByTestId('request-details');
  await details.getByText('carne-identidad.webp', { exact: false }).waitFor();
  // The ID is the drawer's title, not repeated inside it.
  const drawerText = await staff.page.getByTestId('detail-dialog').textContent();
  assert.equal(drawerText.split(requestId).length - 1, 1, 'the request ID is shown once in the drawer');
  await step(staff.page, 'PENDING', 'Recibida. Revisamos sus documentos esta semana.');
  await details.getByText('En trámite', { exact: true }).first().waitFor();
  await ownerView.getByText('En trámite', { exact: true }).first().waitFor(); // live, no reload
  await step(staff.page, 'REVIEW');
  // The office is one of those serving the request's municipality, chosen from a list (not typed).
  await chooseOption(
    staff.page,
    details.locator('input#commercialOffice'),
    'Oficina Comercial Plaza de la Revolución',
  );
  await details.getByTestId('staff-place').fill('La Habana');
  await details.getByTestId('staff-save').click();
  await staff.page.getByText('Actualizado', { exact: false }).first().waitFor();
  await step(staff.page, 'SIGNATURE_READY', 'Pase a firmar con su carné de identidad.');
  await details.getByTestId('download-contract').waitFor();
  // The contract's date reads like the other dates (dd/mm/aaaa), never ISO.
  assert.doesNotMatch(await details.textContent(), /\d{4}-\d{2}-\d{2}/, 'no ISO date in the request');
  await shoot(staff.page, screenshotDir, 'contract-requests-details-desktop-es');
  await step(staff.page, 'SIGNED');
  await details.getByText('Firmada', { exact: true }).first().waitFor();

  // 5. The owner saw it signed without reloading, downloads the contract and adds the new code.
  await ownerView.getByText('Firmada', { exact: true }).first().waitFor();
  const contract = await downloadedPdfText(owner.page, () =>
    ownerView.getByTestId('download-contract').click(),
  );
  assert.equal(contract.bytes.subarray(0, 5).toString(), '%PDF-', 'a PDF was downloaded');
  assert.ok(contract.text.includes('José Fernández Díaz'), 'the contract names the requester');
  assert.ok(contract.text.includes('Calle 23'), 'the contract carries the address');
  assert.ok(contract.text.includes('Oficina Comercial Plaza de la Revolución'), 'and the office');
  assert.match(contract.text, /Código de verificación/, 'and a verification code');
  const associate = ownerView.getByTestId('associate-new');
  const newCode = (await associate.textContent()).match(/\d{10,}/)[0];
  await associate.click();
  await owner.page.getByText(`Código ${newCode} asociado a su cuenta.`).waitFor();
  await owner.page.goto(`${base}/clientCodes`);
  await owner.page.getByText(newCode).first().waitFor();
  // "Mis solicitudes": her requests as cards (no staff queue: no checkboxes, waits or status counts).
  await owner.page.goto(`${base}/contractrequest/contract-request-details`);
  const card = owner.page.getByTestId('my-request').filter({ hasText: requestId });
  await card.getByText('Firmada', { exact: true }).waitFor();
  assert.equal(await owner.page.locator('input[type="checkbox"]').count(), 0, 'nothing to select in bulk');
  assert.equal(await owner.page.getByTestId('status-counts').count(), 0, 'no per-status counts');
  await card.getByText('Contrato firmado.', { exact: false }).waitFor(); // what comes next
  await shoot(owner.page, screenshotDir, 'contract-requests-mine-desktop-es');
  await card.getByTestId('my-request-open').click();
  await owner.page.waitForURL((url) => url.pathname.endsWith(`/${requestId}`));
  await owner.page.getByRole('heading', { level: 1, name: `Solicitud ${requestId}` }).waitFor();
  await shoot(owner.page, screenshotDir, 'contract-requests-mine-request-desktop-es', true);
  // In English the office's answers are labelled as its own words, in Spanish (lang="es").
  await switchLanguage(owner.page, 'EN');
  const answer = ownerView.locator('[lang="es"]', { hasText: 'Pase a firmar con su carné de identidad.' });
  await answer.first().waitFor();
  await ownerView.getByText('Reply from the office (in Spanish):').first().waitFor();
  await shoot(owner.page, screenshotDir, 'contract-requests-mine-request-desktop-en', true);
  await owner.page.getByTestId('my-requests-back').click();
  await owner.page.getByRole('heading', { level: 1, name: 'My requests' }).waitFor();
  await shoot(owner.page, screenshotDir, 'contract-requests-mine-desktop-en');
  await switchLanguage(owner.page, 'ES');
  assert.deepEqual(owner.errors, [], 'no page errors for the owner');
  await owner.context.close();

  // 6. A residential request is annulled with a reason (the confirmation waits for one).
  await staff.page.goto(`${base}/contractrequest/contract-request-residential-admins/HABAN-AGUA2`);
  await details.getByTestId('annul').click();
  const annulDialog = staff.page.locator('.ant-modal:visible');
  assert.ok(await annulDialog.getByTestId('dialog-confirm').isDisabled(), 'no annulment without a reason');
  await annulDialog.getByTestId('dialog-text').fill('El solicitante desistió por teléfono.');
  await annulDialog.getByTestId('dialog-confirm').click();
  await details.getByText('Anulada', { exact: true }).first().waitFor();
  await details.getByText('El solicitante desistió por teléfono.').first().waitFor();
  assert.equal(await details.getByTestId('annul').count(), 0, 'nothing more to do on an annulled request');
  assert.deepEqual(staff.errors, [], 'no page errors for the specialist');
  await staff.context.close();

  // 7. A state request cannot be annulled: the state specialist is told so and has no such action.
  const state = await newPage(browser, DESKTOP);
  await signIn(state.page, baseUrl, STATE_STAFF);
  await state.page.goto(`${base}/contractrequest/contract-request-state-admins`);
  const stateList = state.page.getByTestId('list-cr-state');
  await stateList.locator('tr.ov-table__row').first().waitFor();
  const stateId = (await stateList.locator('tr.ov-table__row .ov-cr__mono').first().textContent()).trim();
  await state.page.goto(`${base}/contractrequest/contract-request-state-admins/${stateId}`);
  const stateDetails = state.page.getByTestId('request-details');
  await stateDetails.getByText('Solo las solicitudes residenciales se pueden anular.').waitFor();
  assert.equal(await stateDetails.getByTestId('annul').count(), 0, 'no annul action for a state request');
  await state.page.keyboard.press('Escape');
  await state.page.getByTestId('detail-dialog').waitFor({ state: 'hidden' });
  await switchLanguage(state.page, 'EN');
  await state.page.goto(`${base}/contractrequest/contract-request-state-admins/${stateId}`);
  await stateDetails.getByText('Only residential requests can be annulled.').waitFor();
  await shoot(state.page, screenshotDir, 'contract-requests-state-details-desktop-en');
  const mobile = await newPage(browser, MOBILE, true);
  await signIn(mobile.page, baseUrl, STATE_STAFF);
  await mobile.page.goto(`${base}/contractrequest/contract-request-state-admins`);
  await mobile.page.getByTestId('list-cr-state').locator('tr.ov-table__row').first().waitFor();
  await shoot(mobile.page, screenshotDir, 'contract-requests-queue-mobile-es');
  assert.deepEqual(state.errors, [], 'no page errors for the state specialist');
  await state.context.close();
  await mobile.context.close();

  // 8. María, on a phone: "Mis solicitudes" as cards; her request held for debt sits after "En trámite"
  // in its timeline (never after "Firmada"); asking to update a contract, she picks one of her codes.
  const maria = await newPage(browser, MOBILE, true);
  await signIn(maria.page, baseUrl, MARIA);
  await maria.page.goto(`${base}/contractrequest/contract-request-details`);
  const held = maria.page.getByTestId('my-request').filter({ hasText: 'Detenida por deuda' });
  await held.waitFor();
  await shoot(maria.page, screenshotDir, 'contract-requests-mine-mobile-es', true);
  await switchLanguage(maria.page, 'EN');
  await maria.page.getByRole('heading', { level: 1, name: 'My requests' }).waitFor();
  await shoot(maria.page, screenshotDir, 'contract-requests-mine-mobile-en', true);
  await switchLanguage(maria.page, 'ES');
  const heldId = (await held.getByTestId('my-request-id').textContent()).trim();
  await maria.page.goto(`${base}/search?id=${heldId}`);
  const timeline = maria.page.getByTestId('request-timeline');
  await timeline.waitFor();
  const steps = await timeline.locator('.ant-steps-item-title').allTextContents();
  assert.ok(
    steps.indexOf('Detenida por deuda') === steps.indexOf('En trámite') + 1 &&
      steps.indexOf('Detenida por deuda') < steps.indexOf('Firmada'),
    `held for debt in the machine's order: ${steps}`,
  );
  await shoot(maria.page, screenshotDir, 'contract-requests-search-held-mobile-es', true);
  await maria.page.goto(`${base}/contract-request`);
  await maria.page.getByTestId('sector-RESIDENTIAL').click();
  await maria.page.getByTestId('cr-next').click();
  await maria.page.getByTestId('procedure-UPDATE_CONTRACT').click();
  await chooseOption(maria.page, maria.page.locator('input#clientCode'), MARIA_SECOND_CC);
  assert.equal(await maria.page.locator('input#proof').count(), 0, 'no proof asked for her own code');
  await shoot(maria.page, screenshotDir, 'contract-requests-form-my-code-mobile-es', true);
  await switchLanguage(maria.page, 'EN');
  await maria.page.getByText('Contract to update').waitFor();
  await shoot(maria.page, screenshotDir, 'contract-requests-form-my-code-mobile-en', true);
  // Another code is still typed, with its proof.
  await maria.page.getByTestId('cr-type-code').click();
  await maria.page.locator('input#proof').waitFor();
  await switchLanguage(maria.page, 'ES');
  assert.deepEqual(maria.errors, [], 'no page errors for María');
  await maria.context.close();
}

test('contract-requests', async ({ journey }) => contractRequests(journey));
