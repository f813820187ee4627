// Customers' own account: sign up → mailbox link → verify → sign in → profile with avatar upload and
// e-mail change → a notification arrives live in the drawer → sign out; password recovery through the
// mailbox link; the staff send-e-mail dialog. Screenshots: register, verify, profile, notifications
// (desktop 1366 and mobile 390, Spanish and English).

import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { chooseOption, signOutThroughMenu } from '../support.mjs';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026';
const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const BASE = '/oficina_virtual';

// ---------- helpers ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real 96×96 RGB PNG: a water-blue disc on a light background. */
function makePng(size = 96) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 2.4) ** 2;
      const [r, g, b] = inside ? [14, 107, 168] : [228, 240, 249];
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function api(baseUrl, path, { method = 'GET', body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: text ? JSON.parse(text) : undefined };
}

/** The newest mailed link of `kind` to `to`, rewritten onto the test server (dev mailbox). */
async function mailedLink(baseUrl, to, kind, page) {
  const pattern = new RegExp(`https?://[^/\\s]+(${BASE}/${page}\\?token=[A-Za-z0-9_%-]+)`);
  for (let attempt = 0; attempt < 40; attempt++) {
    const { status, data } = await api(baseUrl, `/dev/mailbox?to=${encodeURIComponent(to)}`);
    if (status !== 200) throw new Error(`mailbox answered ${status}`);
    const mail = data.find((entry) => entry.kind === kind);
    const match = mail && pattern.exec(mail.text);
    if (match) return `${baseUrl}${match[1]}`;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

async function pickOption(page, fieldId, text) {
  await chooseOption(page, page.locator(`#${fieldId}`), text.label ?? text, { typed: text.typed });
}

async function signIn(page, baseUrl, email, password) {
  await page.goto(`${baseUrl}${BASE}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor();
}

async function signOut(page, label) {
  await signOutThroughMenu(page, label);
  // Staff land on the landing page; a customer's home redirects to a signed-in page, hence the login.
  await page.locator('[data-testid="entry-login"], #email').first().waitFor();
}

const tokenOf = (page) => page.evaluate(() => localStorage.getItem('ov.session.accessToken'));
const settle = (page) => page.waitForTimeout(450); // drawers and messages finish animating

// ---------- journey ----------

export default async function account(ctx) {
  try {
    await accountJourney(ctx);
  } catch (error) {
    for (const context of ctx.browser.contexts()) {
      for (const page of context.pages()) {
        await page.screenshot({ path: join(ctx.screenshotDir, 'account-failure.png') }).catch(() => {});
      }
    }
    throw error;
  }
}

async function accountJourney({ browser, baseUrl, screenshotDir, assert }) {
  const stamp = Date.now().toString(36);
  const email = `ana.e2e.${stamp}@gmail.com`;
  const newEmail = `ana.nueva.${stamp}@yahoo.com`;
  const phone = `+535${String(Date.now()).slice(-7)}`;
  const password = 'Almendares.Rio-2026';
  const recovered = 'Malecon.Habana-77';

  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Public pages are photographed whole; signed-in pages at the viewport (the sider and header stick).
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  const viewShot = async (name) => {
    await page
      .locator('.ant-message-notice')
      .last()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  };

  // Register: strength meter, generator, then the real values.
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
  await pickOption(page, 'municipality', { typed: 'Plaza', label: 'Plaza' });
  await shot('register-desktop-es');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  // Told to wait 15 minutes before checking spam; resend works once, then shows the wait.
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

  // Same e-mail again: the duplicate message.
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

  // Not verified yet: cannot sign in.
  await page.goto(`${baseUrl}${BASE}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('login-error').getByText('no ha sido verificada').waitFor();

  // Follow the mailed link.
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

  // Sign in and open the profile from the user popup.
  await signIn(page, baseUrl, email, password);
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown-menu-item', { hasText: 'Perfil' }).click();
  await page.waitForURL(/\/profile\/personal$/);
  const form = page.getByTestId('profile-form');
  await form.waitFor();
  assert.equal(await page.locator('#firstName').inputValue(), 'Ana');
  assert.ok(await page.locator('#clientType').isDisabled(), 'client type read-only for the customer');

  // Avatar upload with preview.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await page.locator('[data-testid="profile-avatar"] img[src*="/api/files/images/"]').waitFor();
  await page.locator('#firstName').fill('Ana María');
  await page.locator('#phone').fill('');
  await page.getByTestId('profile-save').click();
  await page.locator('.ant-message', { hasText: 'Perfil actualizado' }).waitFor();
  let me = await api(baseUrl, '/users/me', { token: await tokenOf(page) });
  assert.equal(me.data.firstName, 'Ana María', 'names saved');
  assert.equal(me.data.phone, null, 'an empty phone is saved as null');
  assert.match(me.data.avatar ?? '', /\/api\/files\/images\/.+_thumb\.webp$/, 'avatar thumbnail saved');
  const avatarImage = await fetch(`${baseUrl}${me.data.avatar}`);
  assert.equal(avatarImage.headers.get('content-type'), 'image/webp', 'the avatar is served');
  assert.ok(
    (await page.getByTestId('user-menu').locator('img').getAttribute('src'))?.includes('/api/files/images/'),
    'the header avatar shows the new photo',
  );

  // Change the e-mail: the link goes to the new address; following it applies the change.
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
  me = await api(baseUrl, '/users/me', { token: await tokenOf(page) });
  assert.equal(me.data.email, newEmail, 'the new e-mail applies once confirmed');

  // A notification arrives live: the customer asks for a role, an administrator rejects it.
  await page.goto(`${baseUrl}${BASE}/profile`);
  await page.getByTestId('profile-form').waitFor();
  const bell = page.getByTestId('notifications-count');
  assert.equal((await bell.textContent()).trim(), '', 'no unread notifications at first');
  await page.waitForTimeout(800); // the stream is connected
  const request = await api(baseUrl, '/access-requests', {
    method: 'POST',
    token: await tokenOf(page),
    body: { roleId: 'COMMERCIAL_SPECIALIST', justification: 'Trabajo en la oficina comercial de Plaza.' },
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
  await bell.locator('.ant-badge-count', { hasText: '1' }).waitFor({ timeout: 15_000 });
  await page.locator('.ant-notification-notice', { hasText: 'COMMERCIAL_SPECIALIST' }).waitFor();
  await page.getByTestId('notifications-bell').click();
  const drawer = page.locator('.ov-notifications-drawer');
  await drawer.getByTestId('notification').first().waitFor();
  const itemText = await drawer.getByTestId('notification').first().textContent();
  assert.ok(itemText.includes('COMMERCIAL_SPECIALIST') && itemText.includes('Rechazada'), 'drawer item text');
  await settle(page);
  await viewShot('notifications-desktop-es');
  await drawer.getByTestId('notifications-read-all').click();
  await bell.locator('.ant-badge-count').waitFor({ state: 'detached' });
  assert.equal(await drawer.getByTestId('notification').first().getAttribute('data-read'), 'true');
  await page.locator('.ant-drawer-close').click();

  // English.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'My profile' }).waitFor();
  await page
    .locator('.ant-notification-notice-close')
    .first()
    .click()
    .catch(() => {});
  await settle(page);
  await viewShot('profile-desktop-en');
  await page.getByTestId('notifications-bell').click();
  await drawer.getByTestId('notification').first().getByText('Rejected').waitFor();
  await settle(page);
  await viewShot('notifications-desktop-en');
  await page.locator('.ant-drawer-close').click();
  await page.getByRole('button', { name: 'ES', exact: true }).click();
  await page.locator('h1', { hasText: 'Mi perfil' }).waitFor();
  await settle(page);

  // Sign out.
  await signOut(page, 'Cerrar sesión');
  assert.equal(await tokenOf(page), null, 'tokens cleared');

  // Password recovery through the mailed link.
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

  // Sign out everywhere.
  await page.goto(`${baseUrl}${BASE}/profile`);
  await page.getByTestId('signout-all').click();
  await page.getByTestId('signout-all-confirm').click();
  await page.locator('[data-testid="entry-login"], #email').first().waitFor();
  assert.equal(await tokenOf(page), null, 'signed out everywhere');

  // Staff: the send-e-mail dialog with recipient completion.
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

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();

  await mobileScreens({
    browser,
    baseUrl,
    screenshotDir,
    assert,
    email: newEmail,
    password: recovered,
    verifyUrl,
  });
}

async function mobileScreens({ browser, baseUrl, screenshotDir, assert, email, password, verifyUrl }) {
  const context = await browser.newContext({
    viewport: MOBILE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  const page = await context.newPage();
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  for (const lang of ['es', 'en']) {
    await page.goto(`${baseUrl}${BASE}/register`);
    await page.getByTestId('register').waitFor();
    if (lang === 'en') {
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await page.getByText('Create an account').first().waitFor();
    }
    assert.ok((await overflow()) <= 0, `register fits 390 px (${lang})`);
    await shot(`register-mobile-${lang}`);
    await page.goto(verifyUrl);
    await page.getByTestId('link-error').waitFor();
    await shot(`verify-mobile-${lang}`);
  }
  await page.getByRole('button', { name: 'ES', exact: true }).click();

  await signIn(page, baseUrl, email, password);
  await page.goto(`${baseUrl}${BASE}/profile/personal`);
  await page.getByTestId('profile-form').waitFor();
  await page.locator('[data-testid="profile-avatar"] img').waitFor();
  assert.ok((await overflow()) <= 0, 'profile fits 390 px');
  await shot('profile-mobile-es');
  await page.getByTestId('notifications-bell').click();
  await page.locator('.ov-notifications-drawer').getByTestId('notification').first().waitFor();
  await settle(page);
  await page.screenshot({ path: join(screenshotDir, 'notifications-mobile-es.png') });
  await page.locator('.ant-drawer-close').click();

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'My profile' }).waitFor();
  await shot('profile-mobile-en');
  await page.getByTestId('notifications-bell').click();
  await page.locator('.ov-notifications-drawer').getByText('Rejected').first().waitFor();
  await settle(page);
  await page.screenshot({ path: join(screenshotDir, 'notifications-mobile-en.png') });
  await context.close();
}
