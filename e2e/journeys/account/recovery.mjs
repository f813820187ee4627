// Password steps: recovery through the mailed link, and signing out everywhere.

import { api, BASE, mailedLink, signIn, tokenOf } from './helpers.mjs';

export async function recoverPassword({ page, baseUrl, assert, shot }, { newEmail, password, recovered }) {
  await page.goto(`${baseUrl}${BASE}/forgot-password`);
  await page.locator('#email').fill(newEmail);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await page.getByText('Si existe una cuenta con ese correo').waitFor();
  await shot('forgot-desktop-es');
  const resetUrl = await mailedLink(baseUrl, newEmail, 'password-reset', 'reset-password');
  await page.goto(resetUrl);
  await page.getByTestId('reset').waitFor();
  await page.locator('#password').fill('12345678');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await page.getByText('demasiado común').waitFor();
  await page.locator('#password').fill(recovered);
  await page.locator('#confirmPassword').fill(recovered);
  await shot('reset-desktop-es');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await page.getByTestId('link-done').waitFor();
  await page.getByTestId('reset-login').click();
  await page.waitForURL(/\/login$/);
  await signIn(page, baseUrl, newEmail, recovered);
  const old = await api(baseUrl, '/signin', { method: 'POST', body: { email: newEmail, password } });
  assert.equal(old.data?.name, 'BADCREDENTIALSERROR', 'the old password no longer works');
}

export async function signOutEverywhere({ page, baseUrl, assert }) {
  await page.goto(`${baseUrl}${BASE}/profile`);
  await page.getByTestId('signout-all').click();
  await page.getByTestId('signout-all-confirm').click();
  // The profile form has an #email too: wait for the session to go, then for the way back in.
  await page.waitForFunction(() => localStorage.getItem('ov.session.accessToken') === null);
  await page.getByTestId('profile').waitFor({ state: 'detached' });
  await page.locator('[data-testid="entry-login"], #email').first().waitFor();
  assert.equal(await tokenOf(page), null, 'signed out everywhere');
}
