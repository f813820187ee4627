// Helpers of the admin journey: the administrator, the new user, sign-in, list rows and their menus.
import { chooseOption, submitSignIn } from '../../support.mjs';

export const ADMIN = { email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' };
export const RESET_PASSWORD = 'Rio.Almendares.2026';
/** The password the staff member chooses on the change-password screen after the reset. */
export const CHANGED_PASSWORD = 'Bahia.Matanzas.2027';

export const DESKTOP = { width: 1366, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const base = (baseUrl) => `${baseUrl}/oficina_virtual`;

export async function signIn(page, baseUrl, email, password) {
  await submitSignIn(page, `${base(baseUrl)}/login`, email, password);
}

export async function signInAdmin(page, baseUrl) {
  await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
  await page.getByTestId('dashboard').waitFor();
}

export { settle } from '../../support.mjs';

export function row(page, list, text) {
  return page.getByTestId(list).locator('tr.ov-table__row', { hasText: text });
}

export async function rowMenu(page, list, text) {
  await row(page, list, text).getByTestId('row-actions').click();
  return page.locator('.ov-actions-menu');
}

export async function toast(page, text) {
  await page.locator('.ov-toast, .ant-message-notice', { hasText: text }).first().waitFor();
}

export const NEW_USER = {
  fullName: 'Rosa Valdés Ortega',
  username: 'rosa.valdes',
  email: 'rosa.valdes@example.cu',
  phone: '+5356789012',
  nationalId: '85010112345',
  address: 'Calle 23 No. 456 e/ L y M, Vedado',
};

/** Chooses an option of a single select and waits for its list to close. */
export async function pick(page, dialog, id, text) {
  await chooseOption(page, dialog.locator(`#${id}`), text);
}

export async function fillNewUser(page, dialog) {
  await dialog.locator('#fullName').fill(NEW_USER.fullName);
  await dialog.locator('#username').fill(NEW_USER.username);
  await dialog.locator('#email').fill(NEW_USER.email);
  await dialog.locator('#phone').fill(NEW_USER.phone);
  await dialog.locator('#nationalId').fill(NEW_USER.nationalId);
  await pick(page, dialog, 'gender', 'Femenino');
  await pick(page, dialog, 'municipality', 'Plaza');
  await dialog.locator('#address').fill(NEW_USER.address);
}
