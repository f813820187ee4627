// Passkeys, and a second factor for staff (issue 30), on an API started with STAFF_SECOND_FACTOR=true.
// Ana (commercial specialist) has no factor: her sign-in asks her to set one up; she creates a passkey
// with Chromium's virtual authenticator (DevTools protocol) and later signs in with it instead of the
// password, and with the password plus the passkey. Carlos (big clients) sets up an authenticator app
// (the code computed here with otpauth), keeps his recovery codes, signs in with a code and asks to
// remember the browser, which then skips the second step. Screenshots in both languages, 1366 and
// 390 px; axe on every new page.

import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { READY_TIMEOUT_MS, startEnvironment } from '../environment.mjs';
import { test as base } from '../fixtures.mjs';
import { settle, signOutThroughMenu, submitSignIn } from '../support.mjs';

// The same journeys' fixtures, on an environment of its own where staff owe a second factor.
const test = base.extend({
  environment: [
    // biome-ignore lint/correctness/noEmptyPattern: a worker fixture that needs no other fixture
    async ({}, use) => {
      const environment = await startEnvironment({ env: { STAFF_SECOND_FACTOR: 'true' } });
      try {
        await use(environment);
      } finally {
        await environment.stop();
      }
    },
    { scope: 'worker', timeout: READY_TIMEOUT_MS + 30_000 },
  ],
});

const PASSWORD = 'Demo.Oficina.2026';
const ANA = 'ana.comercial@aguasdelahabana.cu';
const CARLOS = 'carlos.grandes@aguasdelahabana.cu';
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
const BASE = '/oficina_virtual';

const totpCode = (secret, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

async function useLanguage(page, lang) {
  await page.evaluate((wanted) => localStorage.setItem('ov.language', wanted), lang);
}

test('a staff member sets up a passkey at the forced sign-in and signs in with it', async ({
  journey,
  expectAccessible,
}) => {
  const { browser, baseUrl, screenshotDir, assert } = journey;
  // Passkeys need a host name: the same API as localhost.
  const origin = baseUrl.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const shot = (name, p = page) => p.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

  await submitSignIn(page, `${origin}${BASE}/login`, ANA, PASSWORD);
  await page.getByTestId('create-passkey').waitFor();
  await page.getByText('Configure un segundo factor').waitFor();
  // Nothing of the staff side is reachable meanwhile.
  assert.equal(await page.getByTestId('user-menu').count(), 0, 'not signed in yet');
  await settle(page);
  await expectAccessible(page, 'second factor: set one up (es)');
  await shot('second-factor-enrol-desktop-es');
  await page.getByTestId('passkey-name').fill('Portátil de Ana');
  await page.getByTestId('create-passkey').click();
  await page.getByTestId('user-menu').waitFor();

  // Her Security page lists the passkey.
  await page.goto(`${origin}${BASE}/profile/security`);
  await page.getByTestId('passkey-list').getByText('Portátil de Ana').waitFor();
  await settle(page);
  await expectAccessible(page, 'security page (es)');
  await shot('security-desktop-es');
  await signOutThroughMenu(page, 'Cerrar sesión');

  // Next time: the passkey instead of the password.
  await page.goto(`${origin}${BASE}/login`);
  await page.getByTestId('passkey-sign-in').click();
  await page.getByTestId('user-menu').waitFor();
  await signOutThroughMenu(page, 'Cerrar sesión');

  // Or the password, then the passkey as the second factor.
  await submitSignIn(page, `${origin}${BASE}/login`, ANA, PASSWORD);
  await page.getByTestId('use-passkey').waitFor();
  await settle(page);
  await expectAccessible(page, 'second factor: passkey (es)');
  await shot('second-factor-passkey-desktop-es');
  await page.getByTestId('use-passkey').click();
  await page.getByTestId('user-menu').waitFor();
  assert.deepEqual(errors, [], 'no page errors');
  await context.close();
});

test('a staff member sets up an authenticator app and signs in with a code', async ({
  journey,
  expectAccessible,
}) => {
  const { browser, baseUrl, screenshotDir, assert } = journey;
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shot = (name, p = page) => p.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

  await submitSignIn(page, `${baseUrl}${BASE}/login`, CARLOS, PASSWORD);
  await page.getByTestId('choose-totp').click();
  const secret = (await page.getByTestId('totp-secret').textContent()).trim();
  await settle(page);
  await expectAccessible(page, 'second factor: authenticator app (es)');
  await shot('second-factor-totp-setup-desktop-es');
  await page.getByTestId('totp-code').fill(totpCode(secret));
  await page.getByTestId('totp-confirm').click();
  await page.getByTestId('recovery-codes').waitFor();
  const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
  assert.equal(codes.length, 10, 'ten recovery codes');
  await settle(page);
  await expectAccessible(page, 'recovery codes (es)');
  await shot('second-factor-recovery-codes-desktop-es');
  await page.getByTestId('recovery-saved').click();
  await page.getByTestId('user-menu').waitFor();
  await signOutThroughMenu(page, 'Cerrar sesión');

  // Next sign-in: a code of the app (the next 30-second step: the one just used counts once), and
  // "remember this browser" under a name.
  await submitSignIn(page, `${baseUrl}${BASE}/login`, CARLOS, PASSWORD);
  await page.getByTestId('second-factor-code').waitFor();
  await settle(page);
  await expectAccessible(page, 'second factor: code (es)');
  await shot('second-factor-code-desktop-es');
  // A wrong code is refused in words.
  await page.getByTestId('second-factor-code').fill('000000');
  await page.getByTestId('verify-code').click();
  await page.getByTestId('second-factor-error').getByText('El código de verificación no es válido').waitFor();
  await page.getByTestId('remember-browser').check();
  await page.getByTestId('remember-name').fill('Oficina de grandes clientes');
  await page.getByTestId('second-factor-code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByTestId('verify-code').click();
  await page.getByTestId('user-menu').waitFor();
  await signOutThroughMenu(page, 'Cerrar sesión');

  // The remembered browser goes straight in.
  await submitSignIn(page, `${baseUrl}${BASE}/login`, CARLOS, PASSWORD);
  await page.getByTestId('user-menu').waitFor();
  await page.goto(`${baseUrl}${BASE}/profile/security`);
  await page.getByText('Oficina de grandes clientes').waitFor();
  await page.getByTestId('totp-on').waitFor();
  await settle(page);
  await shot('security-totp-desktop-es');
  assert.deepEqual(errors, [], 'no page errors');
  await context.close();

  // Both languages at 390 px: the second step with a code, and the Security page.
  for (const lang of ['es', 'en']) {
    const phone = await browser.newContext({
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
    });
    const p = await phone.newPage();
    await p.goto(`${baseUrl}${BASE}/`);
    await useLanguage(p, lang);
    await submitSignIn(p, `${baseUrl}${BASE}/login`, CARLOS, PASSWORD);
    await p.getByTestId('second-factor-code').waitFor();
    await p
      .getByRole('heading', { name: lang === 'es' ? 'Confirme que es usted' : 'Confirm it is you' })
      .waitFor();
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `second step fits 390 px (${lang})`);
    await settle(p);
    await expectAccessible(p, `second factor: code (${lang}, 390 px)`);
    await shot(`second-factor-code-mobile-${lang}`, p);
    await p
      .getByRole('button', { name: lang === 'es' ? 'Usar un código de recuperación' : 'Use a recovery code' })
      .click();
    await p.getByTestId('second-factor-code').fill(codes[lang === 'es' ? 0 : 1]);
    await p.getByTestId('verify-code').click();
    await p.getByTestId('user-menu').waitFor();
    await p.goto(`${baseUrl}${BASE}/profile/security`);
    await p.getByTestId('totp-on').waitFor();
    await settle(p);
    await expectAccessible(p, `security page (${lang}, 390 px)`);
    await shot(`security-mobile-${lang}`, p);
    await phone.close();
  }

  // The set-up page in English at 1366 and in both at 390, for Elena (no factor yet).
  for (const [lang, viewport, name] of [
    ['en', DESKTOP, 'desktop'],
    ['es', MOBILE, 'mobile'],
    ['en', MOBILE, 'mobile'],
  ]) {
    const other = await browser.newContext({ viewport, locale: 'es-ES' });
    const p = await other.newPage();
    await p.goto(`${baseUrl}${BASE}/`);
    await useLanguage(p, lang);
    await submitSignIn(p, `${baseUrl}${BASE}/login`, 'elena.seguridad@aguasdelahabana.cu', PASSWORD);
    await p.getByTestId('create-passkey').waitFor();
    await settle(p);
    await expectAccessible(p, `second factor: set one up (${lang}, ${name})`);
    await shot(`second-factor-enrol-${name}-${lang}`, p);
    await other.close();
  }

  // The super-administrator (after setting up an app of their own) resets Carlos's factors from his
  // detail: the confirmation in both languages at 1366 and 390 px, cancelled, then confirmed.
  const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const admin = await adminContext.newPage();
  await submitSignIn(admin, `${baseUrl}${BASE}/login`, 'admin@aguasdelahabana.cu', 'Admin.Oficina.2026');
  await admin.getByTestId('choose-totp').click();
  const adminSecret = (await admin.getByTestId('totp-secret').textContent()).trim();
  await admin.getByTestId('totp-code').fill(totpCode(adminSecret));
  await admin.getByTestId('totp-confirm').click();
  await admin.getByTestId('recovery-saved').click();
  await admin.getByTestId('user-menu').waitFor();
  const signedIn = await adminContext.storageState();
  await adminContext.close();
  for (const [lang, viewport, name, confirm] of [
    ['en', DESKTOP, 'desktop', false],
    ['es', MOBILE, 'mobile', false],
    ['en', MOBILE, 'mobile', false],
    ['es', DESKTOP, 'desktop', true],
  ]) {
    const mobile = viewport === MOBILE;
    const context = await browser.newContext({
      viewport,
      locale: 'es-ES',
      storageState: signedIn,
      ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    await context.addInitScript((wanted) => localStorage.setItem('ov.language', wanted), lang);
    const p = await context.newPage();
    await p.goto(`${baseUrl}${BASE}/admin/users?q=${encodeURIComponent(CARLOS)}`);
    const carlosRow = p.getByTestId('list-users').locator('tr.ov-table__row', { hasText: CARLOS });
    await carlosRow.getByTestId('row-actions').click();
    await p
      .locator('.ov-actions-menu')
      .getByRole('menuitem', { name: lang === 'es' ? 'Detalles' : 'Details' })
      .click();
    const enrolled = p.getByTestId('user-second-factors');
    await enrolled.getByText(lang === 'es' ? 'Aplicación de autenticación' : 'Authenticator app').waitFor();
    const button = p.getByTestId('view-reset-factors');
    await button.click();
    const dialog = p.locator('.ant-modal-confirm');
    await dialog.getByTestId('reset-factors-dialog').waitFor();
    await settle(p);
    await expectAccessible(p, `reset second factors (${lang}, ${name})`);
    await shot(`admin-reset-factors-${name}-${lang}`, p);
    await dialog
      .getByRole('button', { name: confirm ? 'Restablecer' : lang === 'es' ? 'Cancelar' : 'Cancel' })
      .click();
    if (confirm) {
      await p.getByText('Se restableció el segundo factor de').waitFor();
      await enrolled.getByText('Ninguno').waitFor();
    }
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the confirmation.
    await p.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'view-reset-factors',
    );
    await context.close();
  }
  // His next sign-in asks him to set up a factor again.
  const after = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const carlosAgain = await after.newPage();
  await submitSignIn(carlosAgain, `${baseUrl}${BASE}/login`, CARLOS, PASSWORD);
  await carlosAgain.getByText('Configure un segundo factor').waitFor();
  await after.close();
});
