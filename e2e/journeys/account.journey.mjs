// Customers' own account: sign up → mailbox link → verify → sign in → profile with avatar upload and
// e-mail change → a notification arrives live in the drawer → sign out; password recovery through the
// mailbox link; the staff send-e-mail dialog. Screenshots: register, verify, profile, notifications
// (desktop 1366 and mobile 390, Spanish and English).

import { join } from 'node:path';
import { test } from '../fixtures.mjs';
import { BASE, DESKTOP, MOBILE, screenshots, settle, signIn, signOut, tokenOf } from './account/helpers.mjs';
import { receiveNotification, refuseCustomerAccessRequest, showInEnglish } from './account/notifications.mjs';
import { changeEmail, openProfile, uploadAvatar } from './account/profile.mjs';
import { recoverPassword, signOutEverywhere } from './account/recovery.mjs';
import { sendStaffEmail } from './account/send-email.mjs';
import {
  checkRegistered,
  refuseDuplicateSignUp,
  refuseUnverifiedSignIn,
  register,
  verifyThroughMail,
} from './account/sign-up.mjs';

async function account(ctx) {
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
  const ana = {
    email: `ana.e2e.${stamp}@gmail.com`,
    newEmail: `ana.nueva.${stamp}@yahoo.com`,
    phone: `+535${String(Date.now()).slice(-7)}`,
    password: 'Almendares.Rio-2026',
    recovered: 'Malecon.Habana-77',
  };

  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const session = { page, baseUrl, assert, ...screenshots(page, screenshotDir) };

  // Register: strength meter, generator, the required messages of spec §5, then the real values.
  await register(session, ana);

  // Told to wait 15 minutes before checking spam; resend works once, then shows the wait.
  await checkRegistered(session);

  // Same e-mail again: the duplicate message.
  await refuseDuplicateSignUp(session, ana);

  // Not verified yet: cannot sign in.
  await refuseUnverifiedSignIn(session, ana);

  // Follow the mailed link; used again, it says so and offers a new one.
  const verifyUrl = await verifyThroughMail(session, ana);

  // Sign in and open the profile from the user popup.
  await openProfile(session, ana);

  // Avatar upload with preview.
  await uploadAvatar(session);

  // Change the e-mail: the link goes to the new address; following it applies the change.
  await changeEmail(session, ana);

  // Access requests are for staff: the customer is refused (452).
  await refuseCustomerAccessRequest(session);

  // A notification arrives live: a staff member asks for a role, an administrator rejects it;
  // then the profile and the drawer in English, and back to Spanish.
  const staffContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const staffPage = await staffContext.newPage();
  staffPage.on('pageerror', (error) => errors.push(error.message));
  const staffSession = { page: staffPage, baseUrl, assert, ...screenshots(staffPage, screenshotDir) };
  await receiveNotification(staffSession);
  await showInEnglish(staffSession);
  await staffContext.close();

  // Sign out.
  await signOut(page, 'Cerrar sesión');
  assert.equal(await tokenOf(page), null, 'tokens cleared');

  // Password recovery through the mailed link.
  await recoverPassword(session, ana);

  // Sign out everywhere.
  await signOutEverywhere(session);

  // Staff: the send-e-mail dialog with recipient completion.
  await sendStaffEmail(session, ana);

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();

  await mobileScreens({
    browser,
    baseUrl,
    screenshotDir,
    assert,
    email: ana.newEmail,
    password: ana.recovered,
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
  // Invoice notices: in the app on, by e-mail off until the customer says yes; a labelled switch that
  // the keyboard turns (Space), saved at once and still so after a reload.
  const byEmail = page.getByRole('switch', { name: 'Avisarme de nuevas facturas por correo electrónico' });
  const inApp = page.getByRole('switch', { name: 'Avisarme de nuevas facturas en la Oficina Virtual' });
  await inApp.waitFor();
  assert.equal(await inApp.isChecked(), true, 'in-app invoice notices on by default');
  assert.equal(await byEmail.isChecked(), false, 'e-mail invoice notices off by default');
  await byEmail.focus();
  await page.keyboard.press('Space');
  await page.getByText('Preferencias de avisos guardadas.').waitFor();
  await page.reload();
  await byEmail.waitFor();
  assert.equal(await byEmail.isChecked(), true, 'the e-mail switch stays on after a reload');
  await page.locator('[data-testid="profile-avatar"] img').waitFor();
  await byEmail.scrollIntoViewIfNeeded();
  await shot('profile-mobile-es');
  await page.getByTestId('notifications-bell').click();
  // A customer files no access requests: the drawer is empty and says so.
  await page.locator('.ov-notifications-drawer').getByText('No tiene notificaciones').waitFor();
  await settle(page);
  await page.screenshot({ path: join(screenshotDir, 'notifications-mobile-es.png') });
  await page.getByTestId('notifications-close').click();

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'My profile' }).waitFor();
  await page.getByRole('switch', { name: 'Tell me about new invoices by e-mail' }).waitFor();
  await shot('profile-mobile-en');
  await page.getByTestId('notifications-bell').click();
  await page.locator('.ov-notifications-drawer').getByText('You have no notifications').waitFor();
  await settle(page);
  await page.screenshot({ path: join(screenshotDir, 'notifications-mobile-en.png') });
  await context.close();
}

test('account', async ({ journey }) => account(journey));
