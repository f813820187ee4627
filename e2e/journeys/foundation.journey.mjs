// Foundation: landing → login → shell and dashboard → users list → English → deep-link reload → sign out.
// Also takes the reference screenshots (desktop and mobile, Spanish and English).

import { join } from 'node:path';
import { test } from '../fixtures.mjs';
import { settle, signOutThroughMenu, until } from '../support.mjs';
import { phoneLayout, registerErrors, staffLayout } from './foundation/layout.mjs';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026';

const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 390, height: 844 };

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/oficina_virtual/login`);
  await page.locator('#email').fill(ADMIN_EMAIL);
  await page.locator('#password').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('dashboard').waitFor();
}

async function desktopJourney({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

  // Landing: the five ways in of spec §2, in Spanish by default.
  await page.goto(`${baseUrl}/oficina_virtual/`);
  await page.getByTestId('entry-contract').waitFor();
  const landingText = await page.locator('main').textContent();
  for (const label of [
    'Actualizar o solicitar contrato',
    'Búsqueda avanzada por ID de solicitud',
    'Registrarse',
    'Iniciar sesión',
    'Preguntas frecuentes',
  ]) {
    assert.ok(landingText.includes(label), `landing shows "${label}"`);
  }
  await page.waitForLoadState('networkidle');
  await shot('landing-desktop-es');

  // The search box leads to the search page with the ID; a malformed one is explained, not looked up.
  await page.locator('input[name="requestId"]').fill('SOL-123');
  await page.locator('input[name="requestId"]').press('Enter');
  await page.waitForURL(/\/oficina_virtual\/search\?id=SOL-123$/);
  await page.getByText('El número de solicitud tiene 10 caracteres', { exact: false }).waitFor();
  assert.equal(await page.getByTestId('search-id').inputValue(), 'SOL-123', 'the typed ID stays in the box');
  await page.goBack();

  // Login page, with the bad-credentials message first.
  await page.getByTestId('entry-login').click();
  await page.waitForURL(/\/oficina_virtual\/login$/);
  await page.locator('#email').waitFor();
  await shot('login-desktop-es');
  await page.locator('#email').fill(ADMIN_EMAIL);
  await page.locator('#password').fill('not-the-password');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('login-error').getByText('Usuario o contraseña incorrectos').waitFor();

  await page.locator('#password').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();

  // The shell: side menu, breadcrumb, dashboard.
  await page.getByTestId('dashboard').waitFor();
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  assert.ok((await menu.textContent()).includes('Panel'), 'menu shows the dashboard entry');
  assert.ok((await menu.textContent()).includes('Seguridad'), 'menu shows the security group');
  assert.ok(
    (await page.getByTestId('breadcrumbs').textContent()).includes('Inicio'),
    'breadcrumb shows home',
  );
  await page.waitForLoadState('networkidle');
  await shot('dashboard-desktop-es');

  // Users list through the menu.
  await menu.getByText('Seguridad').click();
  await menu.getByText('Usuarios').click();
  await page.waitForURL(/\/oficina_virtual\/admin\/users$/);
  const list = page.getByTestId('list-users');
  // Newest users come first and other journeys add some: find the administrator as a person would.
  await page.getByTestId('list-search').locator('input').fill(ADMIN_EMAIL);
  await page.waitForURL(/\/oficina_virtual\/admin\/users\?.*q=/);
  await list.getByText(ADMIN_EMAIL).waitFor();
  assert.ok(
    (await page.getByTestId('breadcrumbs').textContent()).includes('Usuarios'),
    'breadcrumb shows users',
  );
  await shot('users-desktop-es');

  // The detail side dialog on {route}/{id}.
  const adminRow = list.locator('tr.ov-table__row', { hasText: ADMIN_EMAIL });
  await adminRow.getByTestId('row-actions').click();
  await page.locator('.ov-actions-menu').getByRole('menuitem', { name: 'Detalles' }).click();
  await page.waitForURL(/\/oficina_virtual\/admin\/users\/[^/]+$/);
  await page.getByTestId('user-view').getByText('Superadministrador').waitFor();
  await settle(page); // the side dialog has finished sliding in
  await shot('user-detail-desktop-es');
  await page.getByTestId('detail-dialog').getByRole('button', { name: 'Cerrar' }).click();
  await page.waitForURL(/\/oficina_virtual\/admin\/users(\?.*)?$/);

  // English.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'Users' }).waitFor();
  assert.ok((await menu.textContent()).includes('Security'), 'menu in English');
  // In the table's rows: the status filter (a native select) also holds an "Active" option.
  await list.locator('tr.ov-table__row').getByText('Active').first().waitFor();
  await shot('users-desktop-en');

  // A deep link survives a reload (the API serves the SPA for client-side routes).
  const deepLink = `${baseUrl}/oficina_virtual/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}`;
  await page.goto(deepLink);
  await page.getByTestId('list-users').getByText(ADMIN_EMAIL).waitFor();
  await page.reload();
  await page.getByTestId('list-users').getByText(ADMIN_EMAIL).waitFor();
  assert.ok(page.url().includes('/oficina_virtual/admin/users'), 'still on the users list after reload');
  assert.ok((await page.locator('h1').first().textContent()).includes('Users'), 'language kept after reload');

  await page.goto(`${baseUrl}/oficina_virtual/`);
  await page.getByTestId('dashboard').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-desktop-en');

  // Sign out: back at the landing page, session gone.
  await signOutThroughMenu(page, 'Log out');
  await page.getByTestId('entry-login').waitFor();
  assert.ok(/\/oficina_virtual\/?$/.test(page.url()), 'back at the landing page');
  const token = await page.evaluate(() => localStorage.getItem('ov.session.accessToken'));
  assert.equal(token, null, 'tokens cleared');
  await shot('landing-desktop-en');

  // Anonymous deep link to a signed-in page asks to log in.
  await page.goto(`${baseUrl}/oficina_virtual/admin/users`);
  await page.waitForURL(/\/oficina_virtual\/login$/);

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await context.close();
}

async function mobileJourney({ browser, baseUrl, screenshotDir, assert }) {
  const context = await browser.newContext({
    viewport: MOBILE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  const page = await context.newPage();
  const shot = (name) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

  await page.goto(`${baseUrl}/oficina_virtual/`);
  await page.getByTestId('entry-contract').waitFor();
  await shot('landing-mobile-es');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.getByText('Update or request a contract').waitFor();
  await shot('landing-mobile-en');
  await page.getByRole('button', { name: 'ES', exact: true }).click();

  await page.goto(`${baseUrl}/oficina_virtual/login`);
  await page.locator('#email').waitFor();
  await shot('login-mobile-es');

  await signIn(page, baseUrl);
  await page.waitForLoadState('networkidle');
  assert.equal(await page.getByTestId('sider').count(), 0, 'no sider on mobile');
  await shot('dashboard-mobile-es');

  await page.getByTestId('menu-toggle').click();
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  await settle(page); // the drawer has finished sliding in
  await shot('menu-mobile-es');
  await menu.getByText('Seguridad').click();
  await menu.getByText('Usuarios').click();
  await page.getByTestId('list-users').waitFor();
  await page.getByTestId('list-search').locator('input').fill(ADMIN_EMAIL);
  await page.getByTestId('list-users').getByText(ADMIN_EMAIL).waitFor();
  // The search is applied once the list shows the one user it finds.
  const rows = page.getByTestId('list-users').locator('tr.ov-table__row');
  await until(async () => (await rows.count()) === 1);
  assert.equal(await rows.count(), 1, 'the search finds the one administrator');
  assert.equal(await page.getByTestId('list-size').count(), 0, 'row size hidden on mobile');
  await shot('users-mobile-es');

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.locator('h1', { hasText: 'Users' }).waitFor();
  await shot('users-mobile-en');
  await context.close();
}

async function foundation(ctx) {
  await desktopJourney(ctx);
  await mobileJourney(ctx);
}

test('foundation', async ({ journey }) => foundation(journey));

/**
 * The public header on a phone: brand, language switch and "Iniciar sesión" share one line at 390 and
 * 320 px in both languages (the Spanish one stacked: "Oficina / Virtual" wrapped, ES/EN over the link).
 */
async function publicHeaderOnPhones({ browser, baseUrl, screenshotDir, assert }) {
  for (const width of [390, 320]) {
    for (const language of ['es', 'en']) {
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        locale: language === 'es' ? 'es-ES' : 'en-US',
      });
      await context.addInitScript((wanted) => localStorage.setItem('ov.language', wanted), language);
      const page = await context.newPage();
      for (const path of ['/', '/faqs', '/register', '/search']) {
        await page.goto(`${baseUrl}/oficina_virtual${path}`);
        await page.locator('.ov-public__login').waitFor();
        await settle(page);
        const boxes = await page.evaluate(() =>
          ['.ov-public__brand strong', '.ov-lang', '.ov-public__login'].map((selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return { selector, top: box.top, bottom: box.bottom, right: box.right };
          }),
        );
        const where = `${path} at ${width} px in ${language}`;
        const top = Math.min(...boxes.map((box) => box.top));
        const bottom = Math.max(...boxes.map((box) => box.bottom));
        assert.ok(bottom - top < 40, `${where}: the header is one line (${JSON.stringify(boxes)})`);
        const brand = boxes[0];
        assert.ok(brand.bottom - brand.top < 24, `${where}: the brand's name keeps one line`);
        assert.ok(Math.max(...boxes.map((box) => box.right)) <= width, `${where}: nothing past the screen`);
      }
      if (width === 390) {
        await page.goto(`${baseUrl}/oficina_virtual/`);
        await page.getByTestId('entry-contract').waitFor();
        await settle(page);
        await page.screenshot({ path: join(screenshotDir, `public-header-${width}-${language}.png`) });
      }
      await context.close();
    }
  }
}

test('foundation: the public header keeps one line on phones', async ({ journey }) =>
  publicHeaderOnPhones(journey));

test('foundation: phones keep legends, code card actions and the record filters in place', async ({
  journey,
}) => phoneLayout(journey));

test('foundation: staff screens at 1366 px (names, menu, settings) and the sign-up errors', async ({
  journey,
}) => {
  await staffLayout(journey);
  await registerErrors(journey);
});
