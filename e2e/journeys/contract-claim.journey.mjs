// Claiming a contract request (issue 26): a request sent anonymously with an e-mail stays anonymous, even
// when that e-mail is a customer's. The customer, signed in, opens the request's follow page, asks for a
// code, which goes to the request's e-mail, and types it: a wrong code is refused in words, the right one
// puts the request in her account. Screens in both languages, desktop and 390 px.

import { test } from '../fixtures.mjs';
import { DESKTOP, MARIA, MOBILE, newPage, root, shoot, signIn, switchLanguage } from './billing/helpers.mjs';

const request = (email) => ({
  sector: 'RESIDENTIAL',
  procedureType: 'NEW_CONTRACT',
  fullName: 'Rosa Delgado Pérez',
  nationalId: '85010112345',
  email,
  municipality: 2,
  popularCouncil: 'Vedado',
  address: { street: 'Calle 23', number: '1054', between1: 'Calle 10', between2: 'Calle 12' },
  nucleusPeople: 4,
});

async function sendAnonymously(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/contract-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(request(email)),
  });
  if (res.status !== 201) throw new Error(`request not sent: ${res.status} ${await res.text()}`);
  return (await res.json()).requestId;
}

async function codeSentTo(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = (await res.json()).find((m) => m.kind === 'contract-request-claim-code');
  return /(\d{6})\n/.exec(mail?.text ?? '')?.[1];
}

/** No raw keys, code or empty values in what the claim section shows. */
async function readsClean(page, assert) {
  const text = await page.getByTestId('claim-request').textContent();
  assert.doesNotMatch(text, /undefined|contractRequests\.|\? \(|\) : null|\[object Object\]|NaN/, text);
}

async function contractClaim({ browser, baseUrl, screenshotDir, assert }) {
  // 1. Spanish, desktop: María's own address on a request she sent before signing in.
  const requestId = await sendAnonymously(baseUrl, MARIA);
  const maria = await newPage(browser, DESKTOP);
  await signIn(maria.page, baseUrl, MARIA);
  await maria.page.goto(`${root(baseUrl)}/search?id=${requestId}`);
  const claim = maria.page.getByTestId('claim-request');
  await claim.getByText('¿Es su solicitud?').waitFor();
  await readsClean(maria.page, assert);
  await shoot(maria.page, screenshotDir, 'contract-requests-claim-desktop-es');
  await claim.getByTestId('claim-ask').click();
  await claim.getByTestId('claim-code').waitFor();
  const code = await codeSentTo(baseUrl, MARIA);
  assert.match(code ?? '', /^\d{6}$/, 'a six-digit code went to the request’s e-mail');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await claim.getByTestId('claim-code').fill(wrong);
  await claim.getByTestId('claim-confirm').click();
  await claim.getByText('El código no es válido o ya fue utilizado').waitFor();
  await readsClean(maria.page, assert);
  await shoot(maria.page, screenshotDir, 'contract-requests-claim-wrong-desktop-es');
  await claim.getByTestId('claim-code').fill(code);
  await claim.getByTestId('claim-confirm').click();
  await claim.getByText(`La solicitud ${requestId} ya está en su cuenta.`).waitFor();
  await shoot(maria.page, screenshotDir, 'contract-requests-claim-done-desktop-es');
  await claim.getByRole('link', { name: 'Ver la solicitud completa' }).click();
  await maria.page.waitForURL((url) => url.pathname.endsWith(`/${requestId}`));
  assert.deepEqual(maria.errors, [], 'no page errors');
  await maria.context.close();

  // 2. English, on a phone: the same steps fit 390 px.
  const second = await sendAnonymously(baseUrl, MARIA);
  const phone = await newPage(browser, MOBILE, true);
  await signIn(phone.page, baseUrl, MARIA);
  await phone.page.goto(`${root(baseUrl)}/search?id=${second}`);
  await switchLanguage(phone.page, 'EN');
  const en = phone.page.getByTestId('claim-request');
  await en.getByText('Is this your request?').waitFor();
  await shoot(phone.page, screenshotDir, 'contract-requests-claim-mobile-en', true);
  await en.getByRole('button', { name: 'Claim this request' }).click();
  await en.getByTestId('claim-code').waitFor();
  await readsClean(phone.page, assert);
  const overflow = await phone.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, 'the claim fits 390 px');
  await shoot(phone.page, screenshotDir, 'contract-requests-claim-code-mobile-en', true);
  await switchLanguage(phone.page, 'ES');
  await en.getByText('Enviamos un código de 6 cifras', { exact: false }).waitFor();
  await shoot(phone.page, screenshotDir, 'contract-requests-claim-code-mobile-es', true);
  assert.deepEqual(phone.errors, [], 'no page errors on the phone');
  await phone.context.close();
}

test('contract-claim', async ({ journey }) => contractClaim(journey));
