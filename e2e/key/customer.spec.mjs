// Key path of a customer, in the project's language and width: the landing page, signing in, the
// client codes, a code's debts and invoices, the pay page (stopping before paying), the payment record,
// the profile, the menus, and signing out. Axe (WCAG 2.0–2.2 A/AA) on every page and every menu opened.
import { expect, test } from '../fixtures.mjs';
import {
  COMMON_TEXTS,
  expectSignedOutOnLanding,
  heading,
  MONEY,
  titleOf,
  userMenuPanel,
} from './helpers.mjs';

const CUSTOMER = { email: 'maria.perez@example.cu', password: 'Demo.Oficina.2026' };
// María's codes (demo seed): the first has open invoices, the second an agreed (conveniada) debt.
const DEBT_CC = '2300000000001';
const OTHER_CC = '2300000000002';

// Texts as apps/web/src/locales/*.json and src/features/*/locales/*.json have them.
const TEXTS = {
  es: {
    ...COMMON_TEXTS.es,
    entries: {
      'entry-contract': 'Actualizar o solicitar contrato', // landing.contract.title
      'entry-search': 'Búsqueda avanzada por ID de solicitud', // landing.search.title
      'entry-register': 'Registrarse', // landing.register.title
      'entry-login': 'Iniciar sesión', // landing.login.title
      'entry-faqs': 'Preguntas frecuentes', // landing.faqs.title
    },
    payments: 'Pagos', // menu.payments
    profile: 'Mi perfil', // menu.profile
    codesTitle: 'Mis códigos de cliente', // billing.codes.title
    invoicesTitle: 'Deudas y facturas', // billing.invoices.title
    payTitle: 'Pagar facturas', // payments.pay.title
    paySubmit: (amount) => `Pagar ${amount}`, // payments.pay.submit
    profileTitle: 'Mi perfil', // account.profile.title
    profileEmail: 'Correo electrónico', // account.profile.email
    openMenu: 'Abrir menú', // shell.openMenu
  },
  en: {
    ...COMMON_TEXTS.en,
    entries: {
      'entry-contract': 'Update or request a contract',
      'entry-search': 'Advanced search by request ID',
      'entry-register': 'Sign up',
      'entry-login': 'Log in',
      'entry-faqs': 'Frequently asked questions',
    },
    payments: 'Payments',
    profile: 'My profile',
    codesTitle: 'My client codes',
    invoicesTitle: 'Debts and invoices',
    payTitle: 'Pay invoices',
    paySubmit: (amount) => `Pay ${amount}`,
    profileTitle: 'My profile',
    profileEmail: 'E-mail',
    openMenu: 'Open menu',
  },
};

/**
 * Reloads the page and lists the API calls it makes until `ready` resolves: a signed-in page asks for
 * its first data from the entry (apps/web/src/app/early-load.ts), and its own calls must take those
 * answers, not ask again.
 */
async function apiCallsOfReload(page, ready) {
  const calls = [];
  const record = (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.resourceType() === 'fetch')
      calls.push(`${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`);
  };
  page.on('request', record);
  await page.reload();
  await ready();
  page.off('request', record);
  return calls;
}

/** The calls to a path asked for more than once, whatever their bodies (an early call the page did not take). */
function duplicatesOf(calls) {
  const paths = calls.map((call) => call.split(' ').slice(0, 2).join(' '));
  return calls.filter((_, index) => paths.indexOf(paths[index]) !== index);
}

test('customer: landing, sign in, codes, invoices, pay page, records, profile, sign out', async ({
  page,
  language,
  expectAccessible,
}, testInfo) => {
  const T = TEXTS[language];
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const phone = (testInfo.project.use.viewport?.width ?? 1366) < 992;

  await test.step('landing page: heading and the entry links', async () => {
    await page.goto('/oficina_virtual/');
    await expect(heading(page)).toHaveText(T.heroTitle);
    await expect(page).toHaveTitle(titleOf(T, ''));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const [testId, title] of Object.entries(T.entries)) {
      const entry = page.getByTestId(testId);
      await expect(entry).toBeVisible();
      await expect(entry.getByRole('heading', { level: 2 })).toHaveText(title);
    }
    await expect(page.getByTestId('entry-login')).toHaveAttribute('href', /\/oficina_virtual\/login$/);
    await expect(page.getByTestId('entry-register')).toHaveAttribute('href', /\/oficina_virtual\/register$/);
    await expect(page.getByTestId('entry-contract')).toHaveAttribute(
      'href',
      /\/oficina_virtual\/contract-request$/,
    );
    await expect(page.getByTestId('entry-faqs')).toHaveAttribute('href', /\/oficina_virtual\/faqs$/);
    await expectAccessible(page, 'landing page');
  });

  await test.step('login page', async () => {
    await page.getByTestId('entry-login').click();
    await expect(page).toHaveURL(/\/oficina_virtual\/login$/);
    await expect(heading(page)).toHaveText(T.loginTitle);
    await expect(page).toHaveTitle(titleOf(T, T.loginTitle));
    await expectAccessible(page, 'login page');
  });

  await test.step('sign in: the client codes list with the demo codes', async () => {
    await page.getByLabel(T.emailLabel, { exact: true }).fill(CUSTOMER.email);
    await page.getByLabel(T.passwordLabel, { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: T.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/oficina_virtual\/?$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(heading(page)).toHaveText(T.codesTitle);
    await expect(page).toHaveTitle(titleOf(T, T.home));
    for (const cc of [DEBT_CC, OTHER_CC]) {
      const card = page.locator(`[data-testid="code-card"][data-cc="${cc}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: cc, exact: true })).toBeVisible();
      await expect(card.getByTestId('code-debt')).toHaveText(MONEY);
    }
    await expectAccessible(page, 'client codes (home)');
  });

  await test.step('the home reloaded: the codes, each read asked once', async () => {
    const calls = await apiCallsOfReload(page, async () => {
      await expect(page.locator(`[data-testid="code-card"][data-cc="${DEBT_CC}"]`)).toBeVisible();
    });
    expect(
      calls.some((call) => call.includes(' /api/ahab-requests/my-ccs')),
      'codes asked',
    ).toBe(true);
    expect(duplicatesOf(calls), 'no path asked twice').toEqual([]);
  });

  await test.step('a code with debt: its invoices, amounts in "$"', async () => {
    await page.locator(`[data-testid="code-card"][data-cc="${DEBT_CC}"]`).getByTestId('code-open').click();
    await expect(page).toHaveURL(new RegExp(`/oficina_virtual/clientCodes/${DEBT_CC}$`));
    await expect(heading(page)).toHaveText(T.codeTitle(DEBT_CC));
    await expect(page).toHaveTitle(titleOf(T, T.clientCodes));
    await expect(page.getByTestId('detail-debt')).toHaveText(MONEY);
    // The invoices table is named by its caption, the card's title.
    await expect(page.getByRole('table', { name: T.invoicesTitle })).toBeVisible();
    const invoices = page.getByTestId('invoices');
    const firstRow = invoices.locator('tbody tr.ov-table__row').first();
    await expect(firstRow).toBeVisible();
    await expect(firstRow).toContainText(/\$\d[\d,]*\.\d{2}/);
    await expectAccessible(page, `code ${DEBT_CC}`);
  });

  await test.step('the code reloaded: each of its reads asked once', async () => {
    const calls = await apiCallsOfReload(page, async () => {
      await expect(page.getByTestId('detail-debt')).toHaveText(MONEY);
      await expect(page.getByTestId('invoices').locator('tbody tr.ov-table__row').first()).toBeVisible();
    });
    for (const read of [
      '/users/me',
      '/ahab-requests/my-ccs',
      '/ahab-requests/total-debt',
      '/ahab-requests/invoice-cc',
    ])
      expect(
        calls.some((call) => call.includes(` /api${read}`)),
        `${read} asked`,
      ).toBe(true);
    expect(duplicatesOf(calls), 'no path asked twice').toEqual([]);
  });

  await test.step('the pay page: one invoice chosen, its total shown (not paid)', async () => {
    await page.getByTestId('code-detail').getByTestId('code-pay').click();
    await expect(page).toHaveURL(new RegExp(`/oficina_virtual/payments/payments\\?cc=${DEBT_CC}$`));
    await expect(heading(page)).toHaveText(T.payTitle);
    await expect(page).toHaveTitle(titleOf(T, T.payments));
    const table = page.getByTestId('pay-invoices');
    const selectAll = table.locator('thead').getByRole('checkbox');
    // Every payable invoice starts chosen; clear them, then choose the first one.
    await expect(selectAll).toBeChecked();
    await expect(page.getByTestId('pay-total')).not.toHaveText('$0.00');
    await selectAll.uncheck();
    await expect(page.getByTestId('pay-total')).toHaveText('$0.00');
    await expect(page.getByTestId('pay-submit')).toBeDisabled();
    const row = table
      .locator('tbody tr')
      .filter({ has: page.locator('input[type="checkbox"]:not([disabled])') })
      .first();
    await row.getByRole('checkbox').check();
    await expect(row.locator('.ov-pay__money')).toHaveText(MONEY);
    const amount = (await row.locator('.ov-pay__money').textContent()).trim();
    await expect(page.getByTestId('pay-total')).toHaveText(amount);
    await expect(page.getByTestId('pay-submit')).toBeEnabled();
    await expect(page.getByTestId('pay-submit')).toHaveText(T.paySubmit(amount));
    await expectAccessible(page, 'pay page');
  });

  await test.step('the pay page reloaded: each of its reads asked once, every payable invoice chosen', async () => {
    const calls = await apiCallsOfReload(page, async () => {
      await expect(page.getByTestId('pay-invoices').locator('thead').getByRole('checkbox')).toBeChecked();
      await expect(page.getByTestId('pay-total')).not.toHaveText('$0.00');
    });
    expect(
      calls.some((call) => call.includes(' /api/ahab-requests/invoice-cc')),
      'invoices asked',
    ).toBe(true);
    expect(duplicatesOf(calls), 'no path asked twice').toEqual([]);
  });

  await test.step('the payment record, through the side menu (a drawer on phones)', async () => {
    const menu = page.getByTestId('side-menu');
    if (phone) {
      const toggle = page.getByTestId('menu-toggle');
      await expect(toggle).toHaveAccessibleName(T.openMenu);
      await toggle.click();
      await expect(menu).toBeVisible();
      await expectAccessible(page, 'menu drawer');
    }
    await menu.getByRole('link', { name: T.paymentRecord, exact: true }).click();
    await expect(page).toHaveURL(/\/oficina_virtual\/payments\/payment-record$/);
    if (phone) await expect(menu).toBeHidden();
    await expect(heading(page)).toHaveText(T.recordTitle);
    await expect(page).toHaveTitle(titleOf(T, T.paymentRecord));
    await expect(page.getByTestId('list-payment-records').locator('table')).toBeVisible();
    await expectAccessible(page, 'payment record');
  });

  await test.step('the profile, through the user menu', async () => {
    await page.getByTestId('user-menu').click();
    const popup = userMenuPanel(page);
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(CUSTOMER.email);
    await expectAccessible(page, 'user menu');
    await popup.getByRole('menuitem', { name: T.profile }).click();
    await expect(page).toHaveURL(/\/oficina_virtual\/profile\/personal$/);
    await expect(heading(page)).toHaveText(T.profileTitle);
    await expect(page).toHaveTitle(titleOf(T, T.profile));
    await expect(page.getByLabel(T.profileEmail, { exact: true })).toHaveValue(CUSTOMER.email);
    await expectAccessible(page, 'profile');
  });

  await test.step('sign out: back to the landing page', async () => {
    await page.getByTestId('user-menu').click();
    const popup = userMenuPanel(page);
    await expect(popup).toBeVisible();
    await popup.getByRole('menuitem', { name: T.logout }).click();
    await expectSignedOutOnLanding(page, T);
    await expectAccessible(page, 'public page after signing out');
  });

  expect(pageErrors, 'no uncaught errors in the page').toEqual([]);
});
