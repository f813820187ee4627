// What the accessibility sweep visits: every path of the route table, by who can open it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Demo.Oficina.2026';

/** Opens a dialog by clicking `testId`; true when it showed. */
const dialogOf = (testId) => async (page) => {
  const trigger = page.getByTestId(testId).first();
  if (!(await trigger.isVisible())) return false;
  await trigger.click();
  await page
    .locator(
      '.ant-modal-wrap:not([style*="display: none"]) .ant-modal-body, .ant-drawer-open .ant-drawer-body, .ov-modal[open] .ov-modal__body, .ov-detail__body, dialog[open]',
    )
    .first()
    .waitFor();
  return true;
};

/** A weak password typed into the sign-up form: the strength meter says "Muy débil". */
const weakPassword = async (page) => {
  const field = page.locator('input[autocomplete="new-password"]').first();
  if (!(await field.isVisible())) return false;
  await field.fill('a');
  await page.getByTestId('password-strength').locator('[style*="color"]').waitFor();
  return true;
};

/**
 * The page's first primary button under the pointer (on a touch screen the hover colour stays after
 * every tap): its colours are measured as they are then.
 */
const hovered = async (page) => {
  const button = page.locator('main .ant-btn-primary:not([disabled]), main .ov-btn--primary:not([disabled])');
  if (!(await button.first().isVisible())) return false;
  await button.first().hover();
  return true;
};

/** The client codes with the first one paid up ("Al día" on its card), as after paying it. */
const paidUp = async (page) => {
  // On the context: the portal's service worker makes the request (a page route would not see it).
  const context = page.context();
  await context.route('**/my-ccs', async (route) => {
    const response = await route.fetch();
    const codes = await response.json();
    if (codes[0]) codes[0].totalDebtCents = 0;
    await route.fulfill({ response, json: codes });
  });
  await page.reload();
  await page.getByTestId('code-debt').filter({ hasText: '$0.00' }).first().waitFor();
  await context.unroute('**/my-ccs');
  return true;
};

/**
 * The customer's own request on its page ("Mis solicitudes" → a card's "Ver la solicitud"). A customer
 * without requests first sends one signed in (as the request form does), so the state is never skipped.
 */
const firstRequest = async (page) => {
  const open = page.getByTestId('my-request-open').first();
  await page.getByTestId('my-requests').waitFor();
  await page.locator('[data-testid="my-request-open"], [data-testid="my-requests-empty"]').first().waitFor();
  if (!(await open.isVisible())) {
    const token = await page.evaluate(() => localStorage.getItem('ov.session.accessToken'));
    const response = await page.request.post(new URL('/api/contract-requests', page.url()).href, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        sector: 'RESIDENTIAL',
        procedureType: 'NEW_CONTRACT',
        fullName: 'María Pérez González',
        nationalId: '85010112345',
        email: 'maria.perez@example.cu',
        municipality: 2,
        popularCouncil: 'Vedado',
        address: { street: 'Calle 23', number: '1054', between1: 'Calle 10', between2: 'Calle 12' },
        nucleusPeople: 4,
      },
    });
    if (response.status() !== 201) throw new Error(`request not sent: ${response.status()}`);
    await page.reload();
    await open.waitFor();
  }
  await open.click();
  await page.getByTestId('my-requests-back').waitFor();
  await page.getByTestId('request-details').waitFor();
  return true;
};

/** Pay without an account: a code and its contract number open its invoices (issue 30). */
const guestInvoices = async (page) => {
  const cc = page.getByTestId('guest-cc');
  if (!(await cc.isVisible())) return false;
  await cc.fill('2300000000006');
  await page.getByTestId('guest-proof').fill('CT-2021-000106');
  await page.getByTestId('guest-lookup').click();
  await page.getByTestId('guest-invoices').waitFor();
  return true;
};

// `key`: on the key paths too (e2e/key). `detail`: the first row's side dialog. `open`: further states of
// the page (each closed with Escape).
const PUBLIC_PAGES = [
  { path: '/', key: true },
  { path: '/login', key: true, open: { 'hovered button': hovered } },
  { path: '/register', key: true, open: { 'weak password': weakPassword } },
  { path: '/forgot-password' },
  { path: '/reset-password?token=not-a-token' },
  { path: '/verify?token=not-a-token' },
  { path: '/verify-email?token=not-a-token' },
  { path: '/search' },
  { path: '/search?id=HABAN-AGUA2' },
  { path: '/contract-request' },
  { path: '/faqs' },
  { path: '/second-factor' },
  { path: '/pagar', open: { 'invoices of a code': guestInvoices } },
  { path: '/pagar/resultado' },
  { path: '/no-such-page' },
];

const CUSTOMER_PAGES = [
  {
    path: '/clientCodes',
    key: true,
    open: { 'add code': dialogOf('codes-add'), 'hovered button': hovered, 'paid-up code': paidUp },
  },
  { path: '/clientCodes/2300000000001', key: true },
  { path: '/clientCodes/2300000000001/agreement' },
  { path: '/clientCodes/2300000000010' },
  { path: '/payments/payments', key: true },
  { path: '/payments/payments?cc=2300000000001' },
  { path: '/payments/payment-record', key: true },
  { path: '/payments/prepaid' },
  { path: '/payments/prepaid?cc=2300000000001' },
  { path: '/contractrequest/contract-request-details', open: { 'request page': firstRequest } },
  { path: '/contract-request' },
  { path: '/search' },
  { path: '/faqs' },
  { path: '/profile', key: true },
  { path: '/profile/personal' },
  { path: '/profile/security', key: true },
  { path: '/verify-email?token=not-a-token' },
];

const ADMIN_PAGES = [
  { path: '/', key: true },
  { path: '/admin/client-codes', key: true },
  { path: '/admin/client-codes/2300000000001' },
  { path: '/payments/payment-record' },
  { path: '/contractrequest/contract-request-admins', detail: true },
  { path: '/contractrequest/contract-request-state-admins' },
  { path: '/contractrequest/contract-request-big-client-admins' },
  { path: '/contractrequest/contract-request-residential-admins' },
  { path: '/admin/users', key: true, detail: true },
  { path: '/admin/users/create' },
  { path: '/admin/permissions', detail: true },
  { path: '/admin/permissions/create' },
  { path: '/admin/traces', detail: true },
  { path: '/admin/security-log' },
  { path: '/admin/access-requests' },
  { path: '/admin/settings' },
  { path: '/nomenclators/commercial-offices', detail: true },
  { path: '/nomenclators/commercial-offices/create' },
  { path: '/nomenclators/municipalities', detail: true },
  { path: '/faqs/configuration', detail: true },
  { path: '/faqs/configuration/create' },
  { path: '/faqs' },
  { path: '/profile' },
];

const STAFF_PAGES = [
  { path: '/' },
  { path: '/admin/access-requests' },
  { path: '/profile' },
  { path: '/profile/security' },
];

export const ROLES = [
  { name: 'anonymous', pages: PUBLIC_PAGES },
  { name: 'customer', email: 'maria.perez@example.cu', password: PASSWORD, pages: CUSTOMER_PAGES },
  {
    name: 'admin',
    email: process.env.ADMIN_EMAIL ?? 'admin@aguasdelahabana.cu',
    password: process.env.ADMIN_PASSWORD ?? 'Admin.Oficina.2026',
    pages: ADMIN_PAGES,
  },
  { name: 'staff', email: 'ana.comercial@aguasdelahabana.cu', password: PASSWORD, pages: STAFF_PAGES },
];

/** Every path of apps/web/src/lib/urls.ts is visited by someone (a new page joins the sweep). */
export function checkRouteCoverage(assert) {
  const source = readFileSync(join(here, '../../../apps/web/src/lib/urls.ts'), 'utf8');
  const block = source.slice(source.indexOf('export const PATHS'), source.indexOf('} as const'));
  const paths = [...block.matchAll(/:\s*'([^']+)'/g)].map((match) => match[1]);
  const visited = new Set(ROLES.flatMap((role) => role.pages.map((entry) => entry.path.split('?')[0])));
  // The onboarding path is reserved (a feature flag, no page yet).
  const missing = paths.filter((path) => path !== '/onboarding' && !visited.has(path));
  assert.deepEqual(missing, [], 'paths of the route table the accessibility sweep does not visit');
}
