// Shared by the key paths (customer.spec.mjs, staff.spec.mjs).
import { expect } from '../fixtures.mjs';

// Texts both key paths read, as apps/web/src/locales/*.json and src/features/*/locales/*.json have them.
export const COMMON_TEXTS = {
  es: {
    brand: 'Oficina Virtual', // brand.name
    utility: 'Aguas de La Habana', // brand.utility
    heroTitle: 'Su servicio de agua, a un clic', // landing.hero.title
    loginTitle: 'Iniciar sesión', // auth.login.title
    emailLabel: 'Correo electrónico o usuario', // auth.login.emailLabel
    passwordLabel: 'Contraseña', // auth.login.passwordLabel
    submit: 'Entrar', // auth.login.submit
    home: 'Inicio', // breadcrumb.home (title of the signed-in `/`)
    clientCodes: 'Códigos de cliente', // menu.clientCodes
    paymentRecord: 'Registro de pagos', // menu.paymentRecord
    codeTitle: (cc) => `Código ${cc}`, // billing.detail.title
    recordTitle: 'Registro de pagos', // payments.record.title
    logout: 'Cerrar sesión', // auth.logout
  },
  en: {
    brand: 'Virtual Office',
    utility: 'Aguas de La Habana',
    heroTitle: 'Your water service, one click away',
    loginTitle: 'Log in',
    emailLabel: 'E-mail or username',
    passwordLabel: 'Password',
    submit: 'Log in',
    home: 'Home',
    clientCodes: 'Client codes',
    paymentRecord: 'Payment record',
    codeTitle: (cc) => `Code ${cc}`,
    recordTitle: 'Payment record',
    logout: 'Log out',
  },
};

/** An amount as the portal shows it: "$" and the 0,0.00 format. */
export const MONEY = /^\$\d[\d,]*\.\d{2}$/;

/** The tab's name, as components/a11y/page-announcer.tsx composes it. */
export const titleOf = (T, page) => (page ? `${page} · ${T.brand}` : `${T.brand} · ${T.utility}`);

/** The page's main heading, in the signed-in frame or a public page. */
export const heading = (page) => page.getByRole('heading', { level: 1 });

/** The user menu's panel (a disclosure beside its button). */
export const userMenuPanel = (page) => page.getByTestId('user-menu-panel');

/** The open popup of an antd dropdown (a row menu), portalled outside the page. */
export const openDropdown = (page) =>
  page.locator('.ov-actions-menu[role="menu"], .ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');

/**
 * Waits until the open popup has finished sliding in: a click on an item while it still animates
 * can be lost (the item is not clicked, the menu stays open).
 */
export async function expectMenuOpen(popup) {
  await expect(popup).toBeVisible();
  await expect
    .poll(() =>
      popup.evaluate(
        (menu) => (menu.closest('.ant-dropdown') ?? menu).getAnimations({ subtree: true }).length,
      ),
    )
    .toBe(0);
}

/** Signed out from a signed-in-only page: the landing page, never the login page remembering it. */
export async function expectSignedOutOnLanding(page, T) {
  await expect(page).toHaveURL(/\/oficina_virtual\/?$/);
  await expect(heading(page)).toHaveText(T.heroTitle);
  await expect(page).toHaveTitle(titleOf(T, ''));
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ov.session.accessToken'))).toBeNull();
}
