// Staff step: the send-e-mail dialog with recipient completion.

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
  await page.locator('.ant-select-item-option', { hasText: 'soporte.e2e@gmail.com' }).click();
  await to.fill('Ana María');
  await page.locator('.ant-select-item-option', { hasText: newEmail }).click();
  await dialog.locator('#subject').fill('Aviso de prueba');
  await dialog.locator('#body').fill('Mensaje de prueba de la Oficina Virtual.');
  await settle(page);
  await viewShot('send-email-desktop-es');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await page.locator('.ant-message', { hasText: '2 destinatario' }).waitFor();
  const sent = await api(baseUrl, `/dev/mailbox?to=${encodeURIComponent(newEmail)}`);
  assert.ok(
    sent.data.some((mail) => mail.kind === 'staff-message'),
    'the chosen user got the e-mail',
  );
  const typed = await api(baseUrl, '/dev/mailbox?to=soporte.e2e@gmail.com');
  assert.ok(
    typed.data.some((mail) => mail.kind === 'staff-message'),
    'the typed address got it too',
  );
}
