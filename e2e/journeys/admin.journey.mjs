// Identity administration: an admin creates a user, resets the password, grants a role (user form and an
// accepted access request), blocks the user (who then cannot sign in), removes and recovers it; each
// action shows up in /admin/traces. Demo users are left untouched for the other journeys.
// Screenshots of users, user detail/edit, roles/permissions, access requests and traces, desktop 1366
// and mobile 390, Spanish and English.
import { join } from 'node:path';
import { chooseOption, confirmRowAction } from '../support.mjs';

const ADMIN = { email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' };
const RESET_PASSWORD = 'Rio.Almendares.2026';

const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };
const base = (baseUrl) => `${baseUrl}/oficina_virtual`;
/** The page in use, photographed when a step fails. */
let current = null;

async function signIn(page, baseUrl, email, password) {
  await page.goto(`${base(baseUrl)}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

async function signInAdmin(page, baseUrl) {
  await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
  await page.getByTestId('dashboard').waitFor();
}

const settle = (page) => page.waitForTimeout(500);

function row(page, list, text) {
  return page.getByTestId(list).locator('tr.ant-table-row', { hasText: text });
}

async function rowMenu(page, list, text) {
  await row(page, list, text).getByTestId('row-actions').click();
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
}

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

const NEW_USER = {
  fullName: 'Rosa Valdés Ortega',
  username: 'rosa.valdes',
  email: 'rosa.valdes@example.cu',
  phone: '+5356789012',
  nationalId: '85010112345',
  address: 'Calle 23 No. 456 e/ L y M, Vedado',
};

/** Chooses an option of a single select and waits for its list to close. */
async function pick(page, dialog, id, text) {
  await chooseOption(page, dialog.locator(`#${id}`), text);
}

async function fillNewUser(page, dialog) {
  await dialog.locator('#fullName').fill(NEW_USER.fullName);
  await dialog.locator('#username').fill(NEW_USER.username);
  await dialog.locator('#email').fill(NEW_USER.email);
  await dialog.locator('#phone').fill(NEW_USER.phone);
  await dialog.locator('#nationalId').fill(NEW_USER.nationalId);
  await pick(page, dialog, 'gender', 'Femenino');
  await pick(page, dialog, 'municipality', 'Plaza');
  await dialog.locator('#address').fill(NEW_USER.address);
}

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

  await signInAdmin(page, baseUrl);
  // Newest users come first and other journeys add some: search for the administrator.
  await page.goto(`${base(baseUrl)}/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
  await row(page, 'list-users', ADMIN.email).waitFor();
  await page.waitForLoadState('networkidle');
  await shot('admin-users-desktop-es');

  // Yourself: no status change, no removal, no e-mail.
  let menu = await rowMenu(page, 'list-users', ADMIN.email);
  const own = await menu.textContent();
  assert.ok(!own.includes('Bloquear') && !own.includes('Activar'), 'no status change for yourself');
  assert.ok(!own.includes('Eliminar'), 'no removal of yourself');
  assert.ok(
    await menu.locator('.ant-dropdown-menu-item-disabled', { hasText: 'Enviar correo' }).count(),
    'no e-mail to yourself',
  );
  await page.keyboard.press('Escape');
  await page.goto(`${base(baseUrl)}/admin/users`);
  await page.getByTestId('list-users').waitFor();

  // Create a user with the admin form (spec §5: over 16, address required, ...).
  await page.getByTestId('list-add').click();
  await page.waitForURL(/\/admin\/users\/create$/);
  let dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('user-form').waitFor();
  await page.locator('.ant-drawer-footer .ant-btn-primary').click();
  await dialog.getByText('Requerido').first().waitFor();
  await fillNewUser(page, dialog);
  await settle(page);
  await shot('admin-user-create-desktop-es');
  await page.locator('.ant-drawer-footer .ant-btn-primary').click();
  await toast(page, 'Creado correctamente');
  await page.waitForURL(/\/admin\/users$/);
  await row(page, 'list-users', NEW_USER.email).waitFor();

  // Reset the password (typed, no change required at sign-in).
  menu = await rowMenu(page, 'list-users', NEW_USER.email);
  await menu.locator('.ant-dropdown-menu-item', { hasText: 'Restablecer contraseña' }).click();
  const reset = page.getByTestId('reset-password-dialog');
  await reset.getByTestId('reset-auto').waitFor();
  await reset.getByTestId('reset-auto').click();
  await reset.getByTestId('reset-password').fill(RESET_PASSWORD);
  await reset.getByTestId('reset-change-required').uncheck();
  await settle(page);
  await shot('admin-reset-password-desktop-es');
  await page.locator('.ant-modal-footer .ant-btn-primary', { hasText: 'Restablecer' }).click();
  await toast(page, 'Contraseña restablecida');

  // Grant a role through the edit form.
  menu = await rowMenu(page, 'list-users', NEW_USER.email);
  await menu.locator('.ant-dropdown-menu-item', { hasText: 'Editar' }).click();
  await page.waitForURL(/\/admin\/users\/[^/]+\/edit$/);
  dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('user-form').waitFor();
  await page.waitForFunction(
    (name) => document.querySelector('#fullName')?.value === name,
    NEW_USER.fullName,
  );
  await dialog.getByTestId('user-roles-select').click();
  await page.locator('.ant-select-item-option', { hasText: 'Especialista comercial' }).click();
  await dialog.locator('.ant-select-selection-item', { hasText: 'Especialista comercial' }).waitFor();
  await page.locator('.ant-drawer-title').click();
  await settle(page);
  await shot('admin-user-edit-desktop-es');
  await page.locator('.ant-drawer-footer .ant-btn-primary').click();
  await toast(page, 'Actualizado correctamente');
  await page.waitForURL(/\/admin\/users$/);
  await row(page, 'list-users', NEW_USER.email).getByText('Especialista comercial').waitFor();

  // Detail with its personal tab (/admin/users/{id}/personal).
  menu = await rowMenu(page, 'list-users', NEW_USER.email);
  await menu.locator('.ant-dropdown-menu-item', { hasText: 'Detalles' }).click();
  await page.getByTestId('user-view').waitFor();
  await settle(page);
  await shot('admin-user-detail-desktop-es');
  await page.getByRole('tab', { name: 'Datos personales' }).click();
  await page.waitForURL(/\/admin\/users\/[^/]+\/personal$/);
  await page.getByTestId('user-personal').getByText(NEW_USER.nationalId).waitFor();
  await page.locator('.ant-drawer-close').click();
  await page.waitForURL(/\/admin\/users$/);

  // The new staff member signs in with the reset password and asks for a role ("Solicitar acceso").
  await signIn(staff, baseUrl, NEW_USER.email, RESET_PASSWORD);
  await staff.getByTestId('side-menu').waitFor();
  await staff.goto(`${base(baseUrl)}/admin/access-requests`);
  await staff.getByTestId('ask-access').click();
  const ask = staff.getByTestId('ask-access-dialog');
  await ask.locator('textarea').waitFor();
  const roleField = ask.getByTestId('ask-role');
  await roleField.waitFor();
  if ((await roleField.evaluate((node) => node.tagName)) === 'INPUT') await roleField.fill('SECURITY_ADMIN');
  else {
    await roleField.click();
    await staff.locator('.ant-select-item-option', { hasText: 'Administrador de seguridad' }).click();
  }
  await ask.locator('textarea').fill('Cubro las vacaciones de la administradora de seguridad en agosto.');
  await settle(staff);
  await shot('admin-ask-access-desktop-es', staff);
  await staff.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast(staff, 'Solicitud enviada');
  await row(staff, 'list-access-requests', 'Pendiente').waitFor();

  // The administrator accepts it (the role is granted).
  await page.goto(`${base(baseUrl)}/admin/access-requests`);
  await row(page, 'list-access-requests', NEW_USER.email).waitFor();
  await page.waitForLoadState('networkidle');
  await confirmRowAction(page, {
    row: row(page, 'list-access-requests', NEW_USER.email),
    item: 'Aceptar',
    confirm: page.locator('.ant-modal-confirm-btns .ant-btn-primary', { hasText: 'Aceptar' }),
    done: row(page, 'list-access-requests', NEW_USER.email).getByText('Aceptada'),
  });
  await settle(page);
  await shot('admin-access-requests-desktop-es');

  // Block the user: they cannot sign in any more.
  await page.goto(`${base(baseUrl)}/admin/users`);
  await row(page, 'list-users', NEW_USER.email).waitFor();
  await confirmRowAction(page, {
    row: row(page, 'list-users', NEW_USER.email),
    item: 'Bloquear',
    confirm: page.locator('.ant-modal-confirm-btns .ant-btn-dangerous', { hasText: 'Bloquear' }),
    done: row(page, 'list-users', NEW_USER.email).locator('[data-status="LOCK"]', { hasText: 'Bloqueado' }),
  });
  await staff.evaluate(() => localStorage.clear());
  await signIn(staff, baseUrl, NEW_USER.email, RESET_PASSWORD);
  await staff.getByTestId('login-error').getByText('Su cuenta está bloqueada').waitFor();
  assert.ok(staff.url().endsWith('/login'), 'the blocked user stays on the login page');
  await staff.context().close();

  // Remove it, create it again: the reference-conflict warning offers to recover it.
  await confirmRowAction(page, {
    row: row(page, 'list-users', NEW_USER.email),
    item: 'Eliminar',
    confirm: page.locator('.ant-modal-confirm-btns .ant-btn-dangerous'),
    done: row(page, 'list-users', NEW_USER.email),
    state: 'detached',
  });
  await page.getByTestId('list-add').click();
  dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('user-form').waitFor();
  await fillNewUser(page, dialog);
  await page.locator('.ant-drawer-footer .ant-btn-primary').click();
  await page.getByTestId('conflict-recover').waitFor();
  await settle(page);
  await shot('admin-reference-conflict-desktop-es');
  await page.getByTestId('conflict-recover').click();
  await toast(page, 'Usuario recuperado');
  await page.waitForURL(/\/admin\/users\/[^/]+\/edit$/);
  await page.locator('.ant-drawer-footer .ant-btn', { hasText: 'Cancelar' }).click();
  await page.waitForURL(/\/admin\/users$/);
  await row(page, 'list-users', NEW_USER.email).waitFor();

  // Roles and permissions: the list, then a role's matrix; a tick saves.
  await page.goto(`${base(baseUrl)}/admin/permissions`);
  await row(page, 'list-roles', 'Superadministrador').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('admin-roles-desktop-es');
  menu = await rowMenu(page, 'list-roles', 'SUPER_ADMIN');
  assert.ok(!(await menu.textContent()).includes('Eliminar'), 'SUPER_ADMIN cannot be removed');
  await page.keyboard.press('Escape');
  menu = await rowMenu(page, 'list-roles', 'COMMERCIAL_SPECIALIST');
  await menu.locator('.ant-dropdown-menu-item', { hasText: 'Detalles' }).click();
  const matrix = page.getByTestId('permission-matrix');
  await matrix.waitFor();
  await matrix.locator('[data-permission="FAQ:READ"]').check();
  await toast(page, 'Permisos guardados');
  await settle(page);
  await shot('admin-role-matrix-desktop-es');
  await page.locator('.ant-drawer-close').click();

  // Every action is in the traces.
  await page.goto(`${base(baseUrl)}/admin/traces`);
  const traces = page.getByTestId('list-traces');
  await traces.locator('tr.ant-table-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The newest trace is the permission change (the list may still be rendering its first answer).
  await traces
    .locator('tr.ant-table-row', { hasText: 'Roles y permisos' })
    .first()
    .waitFor({ timeout: 15_000 });
  // The user actions, filtered by module.
  await page.getByTestId('filter-module').click();
  await page.locator('.ant-select-item-option', { hasText: 'Usuarios' }).click();
  await traces.locator('tr.ant-table-row', { hasText: 'Recuperación' }).first().waitFor();
  const text = await traces.textContent();
  for (const expected of [
    'Creación',
    'Restablecer contraseña',
    'Recuperación',
    'Eliminación',
    'Modificación',
  ]) {
    assert.ok(text.includes(expected), `traces show "${expected}"`);
  }
  await traces.locator('tr.ant-table-row', { hasText: 'Roles' }).first().waitFor();
  const statusRow = traces
    .locator('tr.ant-table-row', { hasText: 'Modificación' })
    .filter({ hasText: 'Estado' })
    .first();
  await statusRow.locator('.ant-table-row-expand-icon').click();
  const changes = traces.getByTestId('trace-changes').first();
  await changes.waitFor();
  const changeText = await changes.textContent();
  assert.ok(changeText.includes('ACTIVE') && changeText.includes('LOCK'), 'status before/after readable');
  await settle(page);
  await shot('admin-traces-desktop-es');

  // English.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'Traces' }).waitFor();
  await settle(page);
  await shot('admin-traces-desktop-en');
  await page.goto(`${base(baseUrl)}/admin/users`);
  await row(page, 'list-users', NEW_USER.email).waitFor();
  await shot('admin-users-desktop-en');
  await page.goto(`${base(baseUrl)}/admin/users/create`);
  await page.getByTestId('user-form').waitFor();
  await settle(page);
  await shot('admin-user-create-desktop-en');
  await page.goto(`${base(baseUrl)}/admin/permissions`);
  await row(page, 'list-roles', 'Super administrator').waitFor();
  await shot('admin-roles-desktop-en');
  await page.goto(`${base(baseUrl)}/admin/access-requests`);
  await row(page, 'list-access-requests', 'Accepted').waitFor();
  await shot('admin-access-requests-desktop-en');
  await page.getByRole('button', { name: 'ES', exact: true }).click();

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
    await page.locator('.ant-dropdown-menu-item', { hasText: lang === 'es' ? 'Editar' : 'Edit' }).click();
    await page.getByTestId('user-form').waitFor();
    await settle(page);
    await shot(`admin-user-edit-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/permissions`);
    await row(page, 'list-roles', 'SUPER_ADMIN').waitFor();
    await shot(`admin-roles-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/access-requests`);
    await row(page, 'list-access-requests', NEW_USER.email).waitFor();
    await shot(`admin-access-requests-mobile-${lang}`);
    await page.goto(`${base(baseUrl)}/admin/traces`);
    await page.getByTestId('list-traces').locator('tr.ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(`admin-traces-mobile-${lang}`);
  }
  await context.close();
}

export default async function admin(ctx) {
  try {
    await desktop(ctx);
    await mobile(ctx);
  } catch (error) {
    await current?.screenshot({ path: join(ctx.screenshotDir, 'admin-failure.png') }).catch(() => {});
    throw error;
  }
}
