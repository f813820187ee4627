// Profile steps: open it from the user popup, upload an avatar, change the e-mail.

import { api, mailedLink, settle, signIn, tokenOf } from './helpers.mjs';
import { makePng } from './png.mjs';

export async function openProfile({ page, baseUrl, assert }, { email, password }) {
  await signIn(page, baseUrl, email, password);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-panel').getByRole('menuitem', { name: 'Mi perfil' }).click();
  await page.waitForURL(/\/profile\/personal$/);
  const form = page.getByTestId('profile-form');
  await form.waitFor();
  assert.equal(await page.locator('#firstName').inputValue(), 'Ana');
  assert.ok(await page.locator('#clientType').isDisabled(), 'client type read-only for the customer');
}

export async function uploadAvatar({ page, baseUrl, assert }) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await page.locator('[data-testid="profile-avatar"] img[src*="/api/files/images/"]').waitFor();
  await page.locator('#firstName').fill('Ana María');
  await page.locator('#phone').fill('');
  await page.getByTestId('profile-save').click();
  await page.locator('.ov-toast, .ant-message-notice', { hasText: 'Perfil actualizado' }).waitFor();
  const me = await api(baseUrl, '/users/me', { token: await tokenOf(page) });
  assert.equal(me.data.firstName, 'Ana María', 'names saved');
  assert.equal(me.data.phone, null, 'an empty phone is saved as null');
  assert.match(me.data.avatar ?? '', /\/api\/files\/images\/.+_thumb\.webp$/, 'avatar thumbnail saved');
  const avatarImage = await fetch(`${baseUrl}${me.data.avatar}`);
  assert.equal(avatarImage.headers.get('content-type'), 'image/webp', 'the avatar is served');
  assert.ok(
    (await page.getByTestId('user-menu').locator('img').getAttribute('src'))?.includes('/api/files/images/'),
    'the header avatar shows the new photo',
  );
}

export async function changeEmail({ page, baseUrl, assert, viewShot }, { newEmail }) {
  await page.locator('#email').fill(newEmail);
  await page.getByTestId('profile-save').click();
  await page.getByTestId('email-pending').getByText(newEmail).waitFor();
  await settle(page);
  await viewShot('profile-desktop-es');
  // Coming back later, the profile still says which address waits for its confirmation.
  await page.reload();
  await page.getByTestId('email-pending').getByText(newEmail).waitFor();
  const emailLink = await mailedLink(baseUrl, newEmail, 'verify-email', 'verify-email');
  await page.goto(emailLink);
  await page.getByTestId('link-done').waitFor();
  const me = await api(baseUrl, '/users/me', { token: await tokenOf(page) });
  assert.equal(me.data.email, newEmail, 'the new e-mail applies once confirmed');
}
