// User steps of the administrator: create, reset the password, grant a role, open the detail, remove
// and recover.

import { chooseTag, confirmRowAction } from '../../support.mjs';
import {
  ADMIN,
  base,
  fillNewUser,
  NEW_USER,
  RESET_PASSWORD,
  row,
  rowMenu,
  settle,
  toast,
} from './helpers.mjs';

export async function checkOwnRow({ page, baseUrl, assert }) {
  const menu = await rowMenu(page, 'list-users', ADMIN.email);
  const own = await menu.textContent();
  assert.ok(!own.includes('Bloquear') && !own.includes('Activar'), 'no status change for yourself');
  assert.ok(!own.includes('Eliminar'), 'no removal of yourself');
  assert.ok(
    await menu.getByRole('menuitem', { name: 'Enviar correo', disabled: true }).count(),
    'no e-mail to yourself',
  );
  await page.keyboard.press('Escape');
  await page.goto(`${base(baseUrl)}/admin/users`);
  await page.getByTestId('list-users').waitFor();
}

export async function createUser({ page, shot }) {
  await page.getByTestId('list-add').click();
  await page.waitForURL(/\/admin\/users\/create$/);
  const dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('user-form').waitFor();
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await dialog.getByText('Requerido').first().waitFor();
  await fillNewUser(page, dialog);
  await settle(page);
  await shot('admin-user-create-desktop-es');
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await toast(page, 'Creado correctamente');
  await page.waitForURL(/\/admin\/users$/);
  await row(page, 'list-users', NEW_USER.email).waitFor();
}

export async function resetPassword({ page, shot, assert }) {
  const menu = await rowMenu(page, 'list-users', NEW_USER.email);
  await menu.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
  const reset = page.getByTestId('reset-password-dialog');
  await reset.getByTestId('reset-auto').waitFor();
  await reset.getByTestId('reset-auto').click();
  await reset.getByTestId('reset-password').fill(RESET_PASSWORD);
  assert.ok(await reset.getByTestId('reset-change-required').isChecked(), 'must change at next sign-in');
  await settle(page);
  await shot('admin-reset-password-desktop-es');
  await page.locator('.ant-modal-footer .ant-btn-primary', { hasText: 'Restablecer' }).click();
  await toast(page, 'Contraseña restablecida');
}

export async function grantRoleByForm({ page, shot }) {
  const menu = await rowMenu(page, 'list-users', NEW_USER.email);
  await menu.getByRole('menuitem', { name: 'Editar' }).click();
  await page.waitForURL(/\/admin\/users\/[^/]+\/edit$/);
  const dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('user-form').waitFor();
  await page.waitForFunction(
    (name) => document.querySelector('#fullName')?.value === name,
    NEW_USER.fullName,
  );
  const roles = dialog.getByTestId('user-roles-select');
  await chooseTag(page, roles, roles, 'Especialista comercial');
  await page.locator('.ov-detail__title').click();
  await settle(page);
  await shot('admin-user-edit-desktop-es');
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await toast(page, 'Actualizado correctamente');
  await page.waitForURL(/\/admin\/users$/);
  await row(page, 'list-users', NEW_USER.email).getByText('Especialista comercial').waitFor();
}

export async function openUserDetail({ page, shot }) {
  const menu = await rowMenu(page, 'list-users', NEW_USER.email);
  await menu.getByRole('menuitem', { name: 'Detalles' }).click();
  await page.getByTestId('user-view').waitFor();
  await settle(page);
  await shot('admin-user-detail-desktop-es');
  await page.getByRole('tab', { name: 'Datos personales' }).click();
  await page.waitForURL(/\/admin\/users\/[^/]+\/personal$/);
  await page.getByTestId('user-personal').getByText(NEW_USER.nationalId).waitFor();
  await page.getByTestId('detail-dialog').getByRole('button', { name: 'Cerrar' }).click();
  await page.waitForURL(/\/admin\/users$/);
}

export async function removeAndRecover({ page, shot }) {
  await confirmRowAction(page, {
    row: row(page, 'list-users', NEW_USER.email),
    item: 'Eliminar',
    confirm: page.getByTestId('confirm-dialog').locator('.ov-btn--dangerous'),
    done: row(page, 'list-users', NEW_USER.email),
    state: 'detached',
  });
  await page.getByTestId('list-add').click();
  const dialog = page.getByTestId('detail-dialog');
  await dialog.getByTestId('user-form').waitFor();
  await fillNewUser(page, dialog);
  await page.locator('.ov-detail__footer .ov-btn--primary').click();
  await page.getByTestId('conflict-recover').waitFor();
  await settle(page);
  await shot('admin-reference-conflict-desktop-es');
  await page.getByTestId('conflict-recover').click();
  await toast(page, 'Usuario recuperado');
  await page.waitForURL(/\/admin\/users\/[^/]+\/edit$/);
  await page.locator('.ov-detail__footer .ov-btn', { hasText: 'Cancelar' }).click();
  await page.waitForURL(/\/admin\/users$/);
  await row(page, 'list-users', NEW_USER.email).waitFor();
}
