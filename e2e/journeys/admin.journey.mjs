// Identity administration: an admin creates a user, resets the password, grants a role (user form and an
// accepted access request), blocks the user (who then cannot sign in), removes and recovers it; each
// action shows up in /admin/traces. Demo users are left untouched for the other journeys.
// Screenshots of users, user detail/edit, roles/permissions, access requests and traces, desktop 1366
// and mobile 390, Spanish and English.
import { join } from 'node:path';
import { test } from '../fixtures.mjs';
import { acceptAccessRequest, askForAccess, blockUser, changeTemporaryPassword } from './admin/access.mjs';
import {
  ADMIN,
  base,
  DESKTOP,
  MOBILE,
  NEW_USER,
  row,
  rowMenu,
  settle,
  signInAdmin,
} from './admin/helpers.mjs';
import { checkSecurityLog, checkTraces, editRolePermissions, showInEnglish } from './admin/roles-traces.mjs';
import {
  checkOwnRow,
  createUser,
  grantRoleByForm,
  openUserDetail,
  removeAndRecover,
  resetPassword,
} from './admin/users.mjs';

/** The page in use, photographed when a step fails. */
let current = null;

async function desktop({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const staffContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  staffContext.setDefaultTimeout(60_000);
  const staff = await staffContext.newPage();
  current = page;
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  staff.on('pageerror', (error) => errors.push(error.message));
  const shot = (name, on = page) => on.screenshot({ path: join(screenshotDir, `${name}.png`) });
  const session = { page, staff, baseUrl, assert, shot };

  await signInAdmin(page, baseUrl);
  // Newest users come first and other journeys add some: search for the administrator.
  await page.goto(`${base(baseUrl)}/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
  await row(page, 'list-users', ADMIN.email).waitFor();
  await page.waitForLoadState('networkidle');
  await shot('admin-users-desktop-es');

  // Yourself: no status change, no removal, no e-mail.
  await checkOwnRow(session);

  // Create a user with the admin form (spec §5: over 16, address required, ...).
  await createUser(session);

  // Reset the password (typed; the user must change it at the next sign-in).
  await resetPassword(session);

  // Grant a role through the edit form.
  await grantRoleByForm(session);

  // Detail with its personal tab (/admin/users/{id}/personal).
  await openUserDetail(session);

  // The new staff member signs in with the temporary password: only the change-password screen
  // (a wrong current password is refused), then the portal opens with the new one.
  await changeTemporaryPassword(session);

  // They ask for a role ("Solicitar acceso").
  await askForAccess(session);

  // The administrator accepts it (the role is granted).
  await acceptAccessRequest(session);

  // Block the user: they cannot sign in any more.
  await blockUser(session);

  // Remove it, create it again: the reference-conflict warning offers to recover it.
  await removeAndRecover(session);

  // Roles and permissions: the list, then a role's matrix; a tick saves.
  await editRolePermissions(session);

  // Every action is in the traces.
  await checkTraces(session);

  // English: traces, users, the user form, roles and access requests.
  await showInEnglish(session);

  // Sign-ins are in the security log of their own (the blocked user's refused one among them).
  await checkSecurityLog(session);

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

async function mobile({ browser, baseUrl, screenshotDir }) {
  const context = await browser.newContext({
    viewport: MOBILE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  const page = await context.newPage();
  current = page;
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  await signInAdmin(page, baseUrl);
  for (const lang of ['es', 'en']) {
    if (lang === 'en') await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.goto(`${base(baseUrl)}/admin/users`);
    await row(page, 'list-users', NEW_USER.fullName).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(`admin-users-mobile-${lang}`);
    await rowMenu(page, 'list-users', NEW_USER.fullName);
    await settle(page);
    await shot(`admin-users-menu-mobile-${lang}`);
    await page.keyboard.press('Escape');
    await page.goto(`${base(baseUrl)}/admin/users`);
    await row(page, 'list-users', NEW_USER.fullName).getByTestId('row-actions').click();
    await page
      .locator('.ov-actions-menu')
      .getByRole('menuitem', { name: lang === 'es' ? 'Editar' : 'Edit' })
      .click();
    await page.getByTestId('user-form').waitFor();
    await settle(page);
    await shot(`admin-user-edit-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/permissions`);
    await row(page, 'list-roles', lang === 'es' ? 'Superadministrador' : 'Super administrator').waitFor();
    await shot(`admin-roles-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/access-requests`);
    await row(page, 'list-access-requests', NEW_USER.email).waitFor();
    await shot(`admin-access-requests-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/traces`);
    await page.getByTestId('list-traces').locator('tr.ov-table__row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(`admin-traces-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/security-log`);
    await page.getByTestId('list-security-log').locator('tr.ov-table__row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(`admin-security-log-mobile-${lang}`);
  }
  await context.close();
}

async function admin(ctx) {
  try {
    await desktop(ctx);
    await mobile(ctx);
  } catch (error) {
    await current?.screenshot({ path: join(ctx.screenshotDir, 'admin-failure.png') }).catch(() => {});
    throw error;
  }
}

test('admin', async ({ journey }) => admin(journey));
