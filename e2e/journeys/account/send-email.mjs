// Staff step: the send-e-mail dialog with recipient completion.

import { chooseTag, until } from '../../support.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, settle, signIn } from './helpers.mjs';

export async function sendStaffEmail({ page, baseUrl, assert, viewShot }, { newEmail }) {
  await signIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByTestId('notifications-bell').click();
  await page.getByTestId('send-email-open').click();
  const dialog = page.locator('.ant-modal', { hasText: 'Enviar correo' });
  await dialog.waitFor();
  const to = dialog.locator('.ant-select input');
  await to.fill('soporte.e2e@');
  await page.locator('.ant-select-item-option', { hasText: 'soporte.e2e@protonmail.com' }).waitFor();
  for (const domain of ['gmail.com', 'yahoo.com', 'outlook.com']) {
    await page.locator('.ant-select-item-option', { hasText: `soporte.e2e@${domain}` }).waitFor();
  }
  const recipients = dialog.locator('.ant-select');
  await chooseTag(page, recipients, to, 'soporte.e2e@gmail.com', { typed: 'soporte.e2e@' });
  await to.fill('Ana María');
  await chooseTag(page, recipients, to, newEmail, { typed: 'Ana María' });
  await dialog.locator('#subject').fill('Aviso de prueba');
  await dialog.locator('#body').fill('Mensaje de prueba de la Oficina Virtual.');
  await settle(page);
  await viewShot('send-email-desktop-es');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  // Sent: the dialog closes (the "Correo enviado a 2 destinatario(s)" toast lasts 3 s and a loaded
  // machine can draw it before this line looks), and both addresses find the message in their box.
  await dialog.waitFor({ state: 'hidden' });
  const delivered = async (to) =>
    (await api(baseUrl, `/dev/mailbox?to=${encodeURIComponent(to)}`)).data.some(
      (mail) => mail.kind === 'staff-message',
    );
  await until(() => delivered(newEmail));
  assert.ok(await delivered(newEmail), 'the chosen user got the e-mail');
  await until(() => delivered('soporte.e2e@gmail.com'));
  assert.ok(await delivered('soporte.e2e@gmail.com'), 'the typed address got it too');
}
