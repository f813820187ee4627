// Roles and permissions, the traces of every action, and these screens in English.
import { chooseNative, until } from '../../support.mjs';
import { base, NEW_USER, row, rowMenu, settle, toast } from './helpers.mjs';

export async function editRolePermissions({ page, baseUrl, assert, shot }) {
  await page.goto(`${base(baseUrl)}/admin/permissions`);
  await row(page, 'list-roles', 'Superadministrador').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('admin-roles-desktop-es');
  // Roles by their names, never their keys (issue 26).
  assert.equal(await page.getByTestId('list-roles').getByText('SUPER_ADMIN').count(), 0, 'no raw role key');
  let menu = await rowMenu(page, 'list-roles', 'Superadministrador');
  assert.ok(!(await menu.textContent()).includes('Eliminar'), 'SUPER_ADMIN cannot be removed');
  await page.keyboard.press('Escape');
  menu = await rowMenu(page, 'list-roles', 'Especialista comercial');
  await menu.getByRole('menuitem', { name: 'Detalles' }).click();
  const matrix = page.getByTestId('permission-matrix');
  await matrix.waitFor();
  await matrix.locator('[data-permission="FAQ:WRITE"]').check();
  await toast(page, 'Permisos guardados');
  await settle(page);
  await shot('admin-role-matrix-desktop-es');
  await page.getByTestId('detail-dialog').getByRole('button', { name: 'Cerrar' }).click();
}

export async function checkTraces({ page, baseUrl, assert, shot }) {
  await page.goto(`${base(baseUrl)}/admin/traces`);
  const traces = page.getByTestId('list-traces');
  await traces.locator('tr.ov-table__row').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The newest trace is the permission change (the list may still be rendering its first answer).
  await traces
    .locator('tr.ov-table__row', { hasText: 'Roles y permisos' })
    .first()
    .waitFor({ timeout: 15_000 });
  // The user actions, filtered by module.
  await chooseNative(page.getByTestId('filter-module'), 'Usuarios');
  await traces.locator('tr.ov-table__row', { hasText: 'Recuperación' }).first().waitFor();
  const text = await traces.locator('table tbody').textContent(); // not the filters' options
  for (const expected of [
    'Creación',
    'Restablecer contraseña',
    'Recuperación',
    'Eliminación',
    'Modificación',
  ]) {
    assert.ok(text.includes(expected), `traces show "${expected}"`);
  }
  await traces.locator('tr.ov-table__row', { hasText: 'Roles' }).first().waitFor();
  const statusRow = traces
    .locator('tr.ov-table__row', { hasText: 'Modificación' })
    .filter({ hasText: 'Estado' })
    .first();
  await statusRow.getByRole('button', { name: 'Expandir fila' }).click();
  const changes = traces.getByTestId('trace-changes').first();
  await changes.waitFor();
  const changeText = await changes.textContent();
  // Values read as words, never as the stored code.
  assert.ok(
    changeText.includes('Activo') && changeText.includes('Bloqueado'),
    'status before/after in words',
  );
  assert.ok(!/\bLOCK\b|\bACTIVE\b/.test(changeText), 'no status code words in the traces');
  await settle(page);
  await shot('admin-traces-desktop-es');
}

export async function showInEnglish({ page, baseUrl, assert, shot }) {
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
  // Role descriptions in the reader's language (issue 26: stored Spanish text on English pages).
  await row(page, 'list-roles', 'Manages users, roles and traces').waitFor();
  const roles = await page.getByTestId('list-roles').locator('table tbody').textContent();
  assert.ok(!roles.includes('Administra usuarios'), 'no Spanish role description in English');
  await shot('admin-roles-desktop-en');
  await page.goto(`${base(baseUrl)}/admin/access-requests`);
  await row(page, 'list-access-requests', 'Accepted').waitFor();
  await shot('admin-access-requests-desktop-en');
  await page.goto(`${base(baseUrl)}/admin/security-log`);
  await page
    .getByTestId('list-security-log')
    .locator('tr.ov-table__row', { hasText: 'Succeeded' })
    .first()
    .waitFor();
  await settle(page);
  await shot('admin-security-log-desktop-en');
  await page.getByRole('button', { name: 'ES', exact: true }).click();
}

/** Security log: the blocked user's refused sign-in and the administrator's own, apart from the traces. */
export async function checkSecurityLog({ page, baseUrl, assert, shot }) {
  await page.goto(`${base(baseUrl)}/admin/security-log`);
  const log = page.getByTestId('list-security-log');
  await log.locator('tr.ov-table__row').first().waitFor();
  await chooseNative(page.getByTestId('filter-result'), 'Rechazado');
  await log.locator('tr.ov-table__row', { hasText: 'Cuenta bloqueada' }).first().waitFor();
  // The unfiltered rows stay on screen until the filtered page arrives (the filter's own options
  // name both results: only the table counts).
  const rows = log.locator('table tbody');
  await until(async () => !(await rows.textContent()).includes('Correcto'));
  const text = await rows.textContent();
  assert.ok(!text.includes('Correcto'), 'only refused sign-ins after filtering');
  await settle(page);
  await shot('admin-security-log-desktop-es');
}
