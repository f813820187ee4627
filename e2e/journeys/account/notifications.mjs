// Notification steps: access requests are for staff (a customer is refused); a staff member's
// request is decided and the answer arrives live in the drawer; the same screens in English.

import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE, settle, signIn, tokenOf } from './helpers.mjs';

export const STAFF_EMAIL = 'carlos.grandes@aguasdelahabana.cu';
export const STAFF_PASSWORD = 'Demo.Oficina.2026';

/** A customer cannot ask for a staff role: 452, nothing filed. */
export async function refuseCustomerAccessRequest({ page, baseUrl, assert }) {
  const refused = await api(baseUrl, '/access-requests', {
    method: 'POST',
    token: await tokenOf(page),
    body: { roleId: 'COMMERCIAL_SPECIALIST', justification: 'Trabajo en la oficina comercial de Plaza.' },
  });
  assert.equal(refused.status, 403, 'a customer cannot file an access request');
  assert.equal(refused.data.reference, 452, 'reference 452');
}

export async function receiveNotification({ page, baseUrl, assert, viewShot }) {
  await signIn(page, baseUrl, STAFF_EMAIL, STAFF_PASSWORD);
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await page.goto(`${baseUrl}${BASE}/profile`);
  await page.getByTestId('profile-form').waitFor();
  const bell = page.getByTestId('notifications-count');
  assert.equal((await bell.textContent()).trim(), '', 'no unread notifications at first');
  await streamOpen; // the live stream is connected
  const request = await api(baseUrl, '/access-requests', {
    method: 'POST',
    token: await tokenOf(page),
    body: {
      roleId: 'COMMERCIAL_SPECIALIST',
      justification: 'Cubro la oficina comercial de Plaza en diciembre.',
    },
  });
  assert.equal(request.status, 201, 'access request created');
  const admin = await api(baseUrl, '/signin', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const decided = await api(baseUrl, `/access-requests/${request.data._id}/reject`, {
    method: 'POST',
    token: admin.data.accessToken,
    body: { reason: 'Solicítelo desde su cuenta de empleado.' },
  });
  assert.equal(decided.status, 200, 'access request rejected');
  await bell.locator('.ov-bell__count', { hasText: '1' }).waitFor({ timeout: 15_000 });
  await page.getByTestId('toast').filter({ hasText: 'Especialista comercial' }).waitFor();
  await page.getByTestId('notifications-bell').click();
  const drawer = page.locator('.ov-notifications-drawer');
  await drawer.getByTestId('notification').first().waitFor();
  const itemText = await drawer.getByTestId('notification').first().textContent();
  assert.ok(
    itemText.includes('Solicitud de acceso rechazada') &&
      itemText.includes('Su solicitud del rol Especialista comercial fue rechazada. Motivo: Solicítelo'),
    `drawer item reads as a sentence, no code words: ${itemText}`,
  );
  assert.ok(!/COMMERCIAL_SPECIALIST|REJECTED/.test(itemText), 'no code words in the drawer');
  await settle(page);
  await viewShot('notifications-desktop-es');
  await drawer.getByTestId('notifications-read-all').click();
  await bell.locator('.ov-bell__count').waitFor({ state: 'detached' });
  // The list refetches after "mark all read": wait for the row to say so (no fixed sleep).
  await drawer.getByTestId('notification').first().and(drawer.locator('[data-read="true"]')).waitFor();
  await page.getByTestId('notifications-close').click();
}

export async function showInEnglish({ page, viewShot }) {
  const drawer = page.locator('.ov-notifications-drawer');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'My profile' }).waitFor();
  await page
    .locator('.ov-toast__close')
    .first()
    .click()
    .catch(() => {});
  await settle(page);
  await viewShot('profile-desktop-en');
  await page.getByTestId('notifications-bell').click();
  await drawer
    .getByTestId('notification')
    .first()
    .getByText('Your request for the role Commercial specialist was rejected.', { exact: false })
    .waitFor();
  await settle(page);
  await viewShot('notifications-desktop-en');
  await page.getByTestId('notifications-close').click();
  await page.getByRole('button', { name: 'ES', exact: true }).click();
  await page.locator('h1', { hasText: 'Mi perfil' }).waitFor();
  await settle(page);
}
