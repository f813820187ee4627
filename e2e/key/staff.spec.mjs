// Key paths of the staff, in the project's language and width. The administrator: sign in, the
// dashboard, the users list and a user's side dialog (opened through the row menu, closed with Escape,
// focus back on the row's menu button), the staff payment record, sign out. A commercial specialist:
// sign in, the staff lookup of client codes and a code read-only, the payment record, sign out.
// Axe (WCAG 2.0–2.2 A/AA) on every page and every dialog or menu opened.
import { expect, test } from '../fixtures.mjs';
import {
  COMMON_TEXTS,
  expectMenuOpen,
  expectSignedOutOnLanding,
  heading,
  MONEY,
  openDropdown,
  titleOf,
  userMenuPanel,
} from './helpers.mjs';

// Demo accounts (apps/api/src/db/seed/base.ts, demo.ts; e2e/journeys/a11y/pages.mjs).
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu',
  password: process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026',
  name: 'Administrador del Sistema',
};
const SPECIALIST = {
  email: 'ana.comercial@aguasdelahabana.cu',
  password: 'Demo.Oficina.2026',
  name: 'Ana Rodríguez Lima',
};
const CUSTOMER = { email: 'maria.perez@example.cu', name: 'María Pérez González' };
const CUSTOMER_CC = '2300000000001';

// Texts as apps/web/src/locales/*.json and src/features/*/locales/*.json have them.
const TEXTS = {
  es: {
    ...COMMON_TEXTS.es,
    welcome: (name) => `Hola, ${name}`, // dashboard.welcome
    byStatus: 'Pagos por estado', // dashboard.byStatus
    users: 'Usuarios', // menu.users
    usersSearch: 'Nombre, correo o usuario', // users.searchPlaceholder
    rowActions: 'Acciones', // list.actions
    details: 'Detalles', // common.details
    export: 'Exportar CSV', // payments.record.export
    notCustomerTitle: 'Los códigos de cliente son para clientes', // billing.notCustomer.title
    lookUp: 'Consultar códigos de cliente', // billing.notCustomer.action
    staffCodesTitle: 'Códigos de cliente', // billing.staff.title
    staffSearch: 'Código de cliente o nombre del titular', // billing.staff.searchPlaceholder
    readOnly: 'Consulta de personal: solo lectura', // billing.detail.readOnly
  },
  en: {
    ...COMMON_TEXTS.en,
    welcome: (name) => `Hello, ${name}`,
    byStatus: 'Payments by status',
    users: 'Users',
    usersSearch: 'Name, e-mail or username',
    rowActions: 'Actions',
    details: 'Details',
    export: 'Export CSV',
    notCustomerTitle: 'Client codes are for customers',
    lookUp: 'Look up client codes',
    staffCodesTitle: 'Client codes',
    staffSearch: 'Client code or holder name',
    readOnly: 'Staff lookup: read only',
  },
};

async function signIn(page, T, account, expectAccessible) {
  await page.goto('/oficina_virtual/login');
  await expect(heading(page)).toHaveText(T.loginTitle);
  await expect(page).toHaveTitle(titleOf(T, T.loginTitle));
  await expectAccessible(page, 'login page');
  await page.getByLabel(T.emailLabel, { exact: true }).fill(account.email);
  await page.getByLabel(T.passwordLabel, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: T.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/oficina_virtual\/?$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

async function signOut(page, T, account, expectAccessible) {
  await page.getByTestId('user-menu').click();
  const popup = userMenuPanel(page);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(account.email);
  await expectAccessible(page, 'user menu');
  await popup.getByRole('menuitem', { name: T.logout }).click();
  await expectSignedOutOnLanding(page, T);
}

/** The staff side of the payment record: every customer's payments, with the CSV export. */
async function staffPaymentRecord(page, T, expectAccessible) {
  await page.goto('/oficina_virtual/payments/payment-record');
  await expect(heading(page)).toHaveText(T.recordTitle);
  await expect(page).toHaveTitle(titleOf(T, T.paymentRecord));
  await expect(page.getByRole('button', { name: T.export })).toBeVisible();
  const firstRow = page.getByTestId('list-payment-records').locator('tbody tr.ov-table__row').first();
  await expect(firstRow).toBeVisible();
  await expect(firstRow).toContainText(/\$\d[\d,]*\.\d{2}/);
  await expectAccessible(page, 'payment record (staff)');
}

test('administrator: dashboard, users and a user dialog, payment record, sign out', async ({
  page,
  language,
  expectAccessible,
}) => {
  const T = TEXTS[language];
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await test.step('sign in', async () => {
    await signIn(page, T, ADMIN, expectAccessible);
  });

  await test.step('dashboard: heading, figures and a chart with its data table', async () => {
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(heading(page)).toHaveText(T.welcome(ADMIN.name));
    await expect(page).toHaveTitle(titleOf(T, T.home));
    await expect(page.getByTestId('card-payments-value')).toHaveText(MONEY);
    await expect(page.getByTestId('card-anticipated-value')).toHaveText(MONEY);
    await expect(page.getByTestId('card-clients-value')).toHaveText(/^[1-9][\d,]*$/);
    const chart = page.getByTestId('chart-status');
    await expect(chart.getByRole('img', { name: T.byStatus })).toBeVisible();
    // The figures behind the pie, in the (visually hidden) table screen readers read.
    const table = chart.getByRole('table', { name: T.byStatus });
    await expect(table).toBeAttached();
    await expect(table.locator('tbody tr').first()).toContainText(/\d/);
    await expectAccessible(page, 'dashboard');
  });

  await test.step('users list: a row', async () => {
    await page.goto('/oficina_virtual/admin/users');
    await expect(heading(page)).toHaveText(T.users);
    await expect(page).toHaveTitle(titleOf(T, T.users));
    await page.getByPlaceholder(T.usersSearch, { exact: true }).fill(CUSTOMER.email);
    const rows = page.getByTestId('list-users').locator('tbody tr.ov-table__row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(CUSTOMER.name);
    await expect(rows.first()).toContainText(CUSTOMER.email);
    await expectAccessible(page, 'users list');
  });

  await test.step("a user's side dialog through the row menu, closed with Escape", async () => {
    const row = page.getByTestId('list-users').locator('tbody tr.ov-table__row', { hasText: CUSTOMER.email });
    const trigger = row.getByTestId('row-actions');
    await expect(trigger).toHaveAccessibleName(T.rowActions);
    await trigger.click();
    const rowMenu = openDropdown(page);
    await expectMenuOpen(rowMenu);
    await expectAccessible(page, 'users row menu');
    await rowMenu.getByRole('menuitem', { name: T.details, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: CUSTOMER.name });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/oficina_virtual\/admin\/users\/[^/?]+(\?|$)/);
    await expect(dialog).toContainText(CUSTOMER.email);
    await expectAccessible(page, 'user side dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/oficina_virtual\/admin\/users(\?|$)/);
    await expect(trigger).toBeVisible();
    // Focus back on the row's menu button that opened the dialog (components/a11y/focus-return.ts).
    await expect(trigger).toBeFocused();
  });

  await test.step('payment record (staff side)', async () => {
    await staffPaymentRecord(page, T, expectAccessible);
  });

  await test.step('sign out', async () => {
    await signOut(page, T, ADMIN, expectAccessible);
    await expectAccessible(page, 'public page after signing out');
  });

  expect(pageErrors, 'no uncaught errors in the page').toEqual([]);
});

test('commercial specialist: client code lookup, a code read-only, payment record, sign out', async ({
  page,
  language,
  expectAccessible,
}) => {
  const T = TEXTS[language];
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await test.step('sign in: staff are pointed to the code lookup', async () => {
    await signIn(page, T, SPECIALIST, expectAccessible);
    await expect(page).toHaveTitle(titleOf(T, T.home));
    await expect(heading(page)).toHaveText(T.notCustomerTitle);
    await expectAccessible(page, 'staff home');
  });

  await test.step('client code lookup', async () => {
    await page.getByRole('button', { name: T.lookUp }).click();
    await expect(page).toHaveURL(/\/oficina_virtual\/admin\/client-codes$/);
    await expect(heading(page)).toHaveText(T.staffCodesTitle);
    await expect(page).toHaveTitle(titleOf(T, T.clientCodes));
    await page.getByPlaceholder(T.staffSearch, { exact: true }).fill(CUSTOMER_CC);
    const link = page.getByTestId('staff-code-link').filter({ hasText: CUSTOMER_CC });
    await expect(link).toHaveCount(1);
    await expect(page.getByTestId('list-billing-accounts')).toContainText(CUSTOMER.name);
    await expectAccessible(page, 'client code lookup');
    await link.click();
  });

  await test.step('a code read-only: its invoices, no pay button', async () => {
    await expect(page).toHaveURL(new RegExp(`/oficina_virtual/admin/client-codes/${CUSTOMER_CC}$`));
    await expect(heading(page)).toHaveText(T.codeTitle(CUSTOMER_CC));
    await expect(page).toHaveTitle(titleOf(T, T.clientCodes));
    await expect(page.getByText(T.readOnly, { exact: true })).toBeVisible();
    await expect(page.getByTestId('code-summary')).toContainText(CUSTOMER.name);
    await expect(page.getByTestId('detail-debt')).toHaveText(MONEY);
    const firstRow = page.getByTestId('invoices').locator('tbody tr.ov-table__row').first();
    await expect(firstRow).toBeVisible();
    await expect(firstRow).toContainText(/\$\d[\d,]*\.\d{2}/);
    await expect(page.getByTestId('code-pay')).toHaveCount(0);
    await expectAccessible(page, `code ${CUSTOMER_CC} (staff)`);
  });

  await test.step('payment record (staff side)', async () => {
    await staffPaymentRecord(page, T, expectAccessible);
  });

  await test.step('sign out', async () => {
    await signOut(page, T, SPECIALIST, expectAccessible);
    await expectAccessible(page, 'public page after signing out');
  });

  expect(pageErrors, 'no uncaught errors in the page').toEqual([]);
});
