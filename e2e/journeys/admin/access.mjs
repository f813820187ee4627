// Access steps: the new staff member asks for a role, the administrator accepts it, then blocks the user.
import { confirmRowAction } from '../../support.mjs';
import { base, CHANGED_PASSWORD, NEW_USER, RESET_PASSWORD, row, settle, signIn, toast } from './helpers.mjs';

/** After the administrator's reset the temporary password opens only the change-password screen. */
export async function changeTemporaryPassword({ staff, baseUrl, shot, assert }) {
  await signIn(staff, baseUrl, NEW_USER.email, RESET_PASSWORD);
  const card = staff.getByTestId('must-change-password');
  await card.getByText('Cambie su contraseña').waitFor();
  assert.equal(await staff.getByTestId('side-menu').count(), 0, 'nothing else of the portal is shown');
  await card.getByTestId('must-change-current').fill('Equivocada.2026');
  await card.locator('#password').fill(CHANGED_PASSWORD);
  await card.getByTestId('must-change-confirm').fill(CHANGED_PASSWORD);
  await card.getByTestId('must-change-submit').click();
  await card.getByRole('alert').waitFor();
  await card.getByTestId('must-change-current').fill(RESET_PASSWORD);
  await settle(staff);
  await shot('admin-must-change-password-desktop-es', staff);
  await card.getByTestId('must-change-submit').click();
  await staff.getByTestId('side-menu').waitFor();
}

export async function askForAccess({ staff, baseUrl, shot }) {
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
}

export async function acceptAccessRequest({ page, baseUrl, shot }) {
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
}

export async function blockUser({ page, staff, baseUrl, assert }) {
  await page.goto(`${base(baseUrl)}/admin/users`);
  await row(page, 'list-users', NEW_USER.email).waitFor();
  await confirmRowAction(page, {
    row: row(page, 'list-users', NEW_USER.email),
    item: 'Bloquear',
    confirm: page.locator('.ant-modal-confirm-btns .ant-btn-dangerous', { hasText: 'Bloquear' }),
    done: row(page, 'list-users', NEW_USER.email).locator('[data-status="LOCK"]', { hasText: 'Bloqueado' }),
  });
  await staff.evaluate(() => localStorage.clear());
  await signIn(staff, baseUrl, NEW_USER.email, CHANGED_PASSWORD);
  await staff.getByTestId('login-error').getByText('Su cuenta está bloqueada').waitFor();
  assert.ok(staff.url().endsWith('/login'), 'the blocked user stays on the login page');
  await staff.context().close();
}
