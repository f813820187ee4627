// Sign-up steps: the register form, the registered page, refusals and the mailed verification link.

import { api, BASE, mailedLink, pickOption } from './helpers.mjs';

export async function register({ page, baseUrl, assert, shot }, { email, phone, password }) {
  await page.goto(`${baseUrl}${BASE}/register`);
  await page.getByTestId('register').waitFor();
  await page.locator('#password').fill('abc');
  const meter = page.getByTestId('password-strength').first();
  assert.equal(await meter.getAttribute('data-level'), 'veryWeak', 'a short password reads very weak');
  await page.getByTestId('password-generate').first().click();
  const generated = await page.locator('#password').inputValue();
  assert.ok(generated.length >= 8, 'the generator fills the password');
  assert.equal(await page.locator('#confirmPassword').inputValue(), generated, 'and the confirmation');
  assert.notEqual(await meter.getAttribute('data-level'), 'veryWeak', 'a generated password is not weak');

  // Required messages of spec §5.
  await page.locator('#password').fill('');
  await page.locator('#confirmPassword').fill('');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByText('Requerido').first().waitFor();
  await page.locator('#email').fill('no-es-correo');
  await page.getByText('Correo electrónico no válido').waitFor();
  await page.locator('#password').fill(password);
  await page.locator('#confirmPassword').fill(`${password}x`);
  await page.getByText('No coinciden las contraseñas').waitFor();
  await shot('register-validation-desktop-es');

  await page.locator('#firstName').fill('Ana');
  await page.locator('#lastName').fill('Martínez Prueba');
  await page.locator('#email').fill(email);
  await page.locator('#phone').fill(phone);
  await page.locator('#confirmPassword').fill(password);
  await pickOption(page, 'clientType', 'Residencial');
  await pickOption(page, 'municipality', 'Plaza de la Revolución');
  await shot('register-desktop-es');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

export async function checkRegistered({ page, assert, shot }) {
  const registered = page.getByTestId('registered');
  await registered.waitFor();
  const registeredText = await registered.textContent();
  assert.ok(registeredText.includes('15 minutos'), 'wait 15 minutes');
  assert.ok(registeredText.includes('spam'), 'then check spam');
  await page.getByRole('button', { name: 'Reenviar el correo de verificación' }).click();
  await page.getByTestId('resend-wait').waitFor();
  assert.ok(
    await page.getByRole('button', { name: 'Reenviar el correo de verificación' }).isDisabled(),
    'resend waits before another e-mail',
  );
  await shot('registered-desktop-es');
}

export async function refuseDuplicateSignUp({ baseUrl, assert }, { email, password }) {
  const again = await api(baseUrl, '/signup', {
    method: 'POST',
    body: {
      firstName: 'Ana',
      lastName: 'Duplicada',
      email,
      phone: '+5350000001',
      password,
      confirmPassword: password,
      clientType: 'RESIDENTIAL',
      municipality: 1,
    },
  });
  assert.equal(again.status, 400, 'a duplicate e-mail is refused');
}

export async function refuseUnverifiedSignIn({ page, baseUrl }, { email, password }) {
  await page.goto(`${baseUrl}${BASE}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('login-error').getByText('no ha sido verificada').waitFor();
}

/** Follows the mailed link, then opens it again; returns the link. */
export async function verifyThroughMail({ page, baseUrl, shot }, { email }) {
  const verifyUrl = await mailedLink(baseUrl, email, 'verify-signup', 'verify');
  await page.goto(verifyUrl);
  await page.getByTestId('link-done').waitFor();
  await shot('verify-desktop-es');
  await page.getByTestId('verify-login').click();
  await page.waitForURL(/\/login$/);

  // A used link says so and offers a new one.
  await page.goto(verifyUrl);
  await page.getByTestId('link-error').getByText('ya fue utilizado').waitFor();
  await page.getByTestId('resend-form').waitFor();
  await shot('verify-used-desktop-es');
  return verifyUrl;
}
