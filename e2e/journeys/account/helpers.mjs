// Helpers of the account journey: the API and the dev mailbox, sign-in and sign-out, screenshots.

import { join } from 'node:path';
import { chooseNative, signOutThroughMenu, submitSignIn } from '../../support.mjs';

export const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026';
export const DESKTOP = { width: 1366, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const BASE = '/oficina_virtual';

export async function api(baseUrl, path, { method = 'GET', body, token } = {}) {
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
export async function mailedLink(baseUrl, to, kind, page) {
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

/** Chooses the option labelled `label` of the form's native select `#fieldId`. */
export async function pickOption(page, fieldId, label) {
  await chooseNative(page.locator(`#${fieldId}`), label);
}

export async function signIn(page, baseUrl, email, password) {
  await submitSignIn(page, `${baseUrl}${BASE}/login`, email, password);
  await page.getByTestId('user-menu').waitFor();
}

export async function signOut(page, label) {
  await signOutThroughMenu(page, label);
  // Staff land on the landing page; a customer's home redirects to a signed-in page, hence the login.
  await page.locator('[data-testid="entry-login"], #email').first().waitFor();
}

export const tokenOf = (page) => page.evaluate(() => localStorage.getItem('ov.session.accessToken'));
export { settle } from '../../support.mjs';

/** The screenshot helpers of a page. */
export function screenshots(page, screenshotDir) {
  // Public pages are photographed whole; signed-in pages at the viewport (the sider and header stick).
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  const viewShot = async (name) => {
    await page
      .locator('.ov-toast, .ant-message-notice')
      .last()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  };
  return { shot, viewShot };
}
