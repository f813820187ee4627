import { ALL_PERMISSIONS, PERMISSIONS } from '@ov/domain/permissions';
import { codeDetailCalls, MY_CCS_CALL } from '../features/billing/api/early';
import { payPageCalls } from '../features/payments/api/early';
import type { Access } from '../lib/access';
import { PATHS } from '../lib/urls';
import { PUBLIC_ROUTE_ENTRIES } from './public-routes';
import {
  AccessRequestsPage,
  AgreementRequestPage,
  AllQueue,
  BigClientQueue,
  ClientCodesPage,
  CodeDetailPage,
  CommercialOfficesPage,
  ContractRequestForm,
  codesAtHome,
  FaqsConfigurationPage,
  FaqsSignedInPage,
  HomePage,
  MunicipalitiesPage,
  MyRequests,
  PaymentRecordPage,
  PayPage,
  PermissionsPage,
  PrepaidPage,
  ProfilePage,
  RequestSearch,
  ResidentialQueue,
  SecurityLogPage,
  SecurityPage,
  SettingsPage,
  StaffCodePage,
  StaffCodesPage,
  StateQueue,
  TracesPage,
  UsersPage,
  VerifyEmailSignedInPage,
} from './route-pages';
import type { RouteEntry } from './route-types';

export * from './route-types';

const P = PERMISSIONS;
/** A sector's queue opens with that sector's process permission only (design §5). */
const processAccess = (permission: string): Access => ({ permissions: [permission] });
/** The all-sectors queue opens with any CONTRACT_REQUEST permission. */
const allSectorsAccess: Access = {
  permissions: [P.CONTRACT_REQUEST_SEARCH, P.CONTRACT_REQUEST_READ, P.CONTRACT_REQUEST_WRITE],
};
const customerPayments: Access = { customer: true, feature: 'payments' };

/**
 * The one route table: path, page, menu entry, icon, label (menu, breadcrumb, title) and access.
 * Order matters only for the menu. Pages are route-level chunks, except the landing page, which ships in
 * the entry so an anonymous visitor downloads no Ant Design at all.
 */
export const ROUTES: readonly RouteEntry[] = [
  ...PUBLIC_ROUTE_ENTRIES,

  // Signed in: customer group
  {
    key: 'home',
    path: PATHS.home,
    zone: 'private',
    labelKey: 'breadcrumb.home',
    page: HomePage,
    early: () => (codesAtHome() ? [MY_CCS_CALL] : []),
    // The page it shows decides (signed-in-home.tsx): the client codes as their own route does.
    plain: true,
    menu: [
      {
        // The administrator's dashboard belongs to the staff's group, not under "Cliente" (issue 26).
        key: 'dashboard',
        group: 'admin',
        icon: 'dashboard',
        labelKey: 'menu.dashboard',
        access: { permissions: [P.ADMIN] },
      },
    ],
  },
  {
    key: 'clientCodes',
    path: PATHS.clientCodes,
    zone: 'private',
    labelKey: 'menu.clientCodes',
    page: ClientCodesPage,
    early: () => [MY_CCS_CALL],
    plain: true,
    menu: [{ key: 'clientCodes', group: 'customer', icon: 'clientCodes', access: { customer: true } }],
  },
  {
    key: 'clientCodeDetail',
    path: `${PATHS.clientCodes}/:cc`,
    zone: 'private',
    labelKey: 'menu.clientCodes',
    page: CodeDetailPage,
    early: ({ cc }) => (cc ? codeDetailCalls(cc) : []),
    plain: true,
    access: { customer: true },
  },
  {
    // "Solicitar convenio": the holder of a code asks for a payment agreement (issue 30).
    key: 'clientCodeAgreement',
    path: `${PATHS.clientCodes}/:cc/agreement`,
    zone: 'private',
    labelKey: 'menu.clientCodes',
    page: AgreementRequestPage,
    access: { customer: true },
  },
  {
    key: 'payments',
    path: PATHS.payments,
    zone: 'private',
    labelKey: 'menu.payments',
    page: PayPage,
    early: (_, search) => payPageCalls(search.get('cc')),
    plain: true,
    access: customerPayments,
    menu: [{ key: 'payments', group: 'customer', icon: 'payments' }],
  },
  {
    key: 'paymentRecord',
    path: `${PATHS.paymentRecord}/*`,
    zone: 'private',
    labelKey: 'menu.paymentRecord',
    page: PaymentRecordPage,
    plain: true,
    access: [customerPayments, { permissions: [P.TRANSFERMOVIL_READ, P.INVOICE_READ] }],
    menu: [
      { key: 'paymentRecord', group: 'customer', icon: 'paymentRecord', access: customerPayments },
      {
        key: 'adminPaymentRecord',
        group: 'admin',
        icon: 'paymentRecord',
        access: { permissions: [P.TRANSFERMOVIL_READ, P.INVOICE_READ] },
      },
    ],
  },
  {
    key: 'prepaid',
    path: PATHS.prepaid,
    zone: 'private',
    labelKey: 'menu.prepaid',
    page: PrepaidPage,
    plain: true,
    access: customerPayments,
  },

  // Signed in: admin group
  {
    key: 'staffClientCodes',
    path: '/admin/client-codes',
    zone: 'private',
    labelKey: 'menu.clientCodes',
    page: StaffCodesPage,
    access: { permissions: [P.INVOICE_READ] },
    menu: [{ key: 'staffClientCodes', group: 'admin', icon: 'clientCodes' }],
  },
  {
    key: 'staffClientCodeDetail',
    path: '/admin/client-codes/:cc',
    zone: 'private',
    labelKey: 'menu.clientCodes',
    page: StaffCodePage,
    access: { permissions: [P.INVOICE_READ] },
  },
  {
    key: 'contractRequestState',
    path: `${PATHS.contractRequestState}/*`,
    zone: 'private',
    labelKey: 'menu.contractRequestState',
    page: StateQueue,
    access: processAccess(P.PROCESS_STATE_WRITE),
    menu: [
      { key: 'contractRequestState', group: 'admin', parent: 'contractRequests', icon: 'contractRequests' },
    ],
  },
  {
    key: 'contractRequestBigClient',
    path: `${PATHS.contractRequestBigClient}/*`,
    zone: 'private',
    labelKey: 'menu.contractRequestBigClient',
    page: BigClientQueue,
    access: processAccess(P.PROCESS_BIGCLIENT_WRITE),
    menu: [
      {
        key: 'contractRequestBigClient',
        group: 'admin',
        parent: 'contractRequests',
        icon: 'contractRequests',
      },
    ],
  },
  {
    key: 'contractRequestResidential',
    path: `${PATHS.contractRequestResidential}/*`,
    zone: 'private',
    labelKey: 'menu.contractRequestResidential',
    page: ResidentialQueue,
    access: processAccess(P.PROCESS_RESIDENTIAL_WRITE),
    menu: [
      {
        key: 'contractRequestResidential',
        group: 'admin',
        parent: 'contractRequests',
        icon: 'contractRequests',
      },
    ],
  },
  {
    key: 'contractRequestAdmins',
    path: `${PATHS.contractRequestAdmins}/*`,
    zone: 'private',
    labelKey: 'menu.contractRequestAdmins',
    page: AllQueue,
    access: allSectorsAccess,
    menu: [
      {
        key: 'contractRequestAdmins',
        group: 'admin',
        parent: 'contractRequests',
        icon: 'contractRequests',
        access: allSectorsAccess,
      },
    ],
  },
  {
    // For customers: their own requests ("Mis solicitudes"), each one in the side dialog.
    key: 'contractRequestDetails',
    path: `${PATHS.contractRequestDetails}/*`,
    zone: 'private',
    labelKey: 'menu.contractRequestDetails',
    page: MyRequests,
    access: { customer: true },
    menu: [
      {
        key: 'contractRequestDetails',
        group: 'customer',
        icon: 'contractRequests',
        access: { customer: true },
      },
    ],
  },
  {
    key: 'contractRequestSignedIn',
    path: PATHS.contractRequest,
    zone: 'private',
    labelKey: 'landing.contract.title',
    page: ContractRequestForm,
  },
  {
    key: 'requestSearchSignedIn',
    path: PATHS.search,
    zone: 'private',
    labelKey: 'landing.search.title',
    page: RequestSearch,
  },
  {
    key: 'users',
    path: `${PATHS.users}/*`,
    zone: 'private',
    labelKey: 'menu.users',
    page: UsersPage,
    access: { permissions: [P.USER_WRITE] },
    menu: [{ key: 'users', group: 'admin', parent: 'security', icon: 'users' }],
  },
  {
    key: 'permissions',
    path: `${PATHS.permissions}/*`,
    zone: 'private',
    labelKey: 'menu.permissions',
    page: PermissionsPage,
    access: { permissions: [P.ROLE_WRITE] },
    menu: [{ key: 'permissions', group: 'admin', parent: 'security', icon: 'permissions' }],
  },
  {
    key: 'traces',
    path: `${PATHS.traces}/*`,
    zone: 'private',
    labelKey: 'menu.traces',
    page: TracesPage,
    access: { permissions: [P.TRACE_READ] },
    menu: [{ key: 'traces', group: 'admin', parent: 'security', icon: 'traces' }],
  },
  {
    key: 'securityLog',
    path: `${PATHS.securityLog}/*`,
    zone: 'private',
    labelKey: 'menu.securityLog',
    page: SecurityLogPage,
    access: { permissions: [P.TRACE_READ] },
    menu: [{ key: 'securityLog', group: 'admin', parent: 'security', icon: 'securityLog' }],
  },
  {
    key: 'accessRequests',
    path: `${PATHS.accessRequests}/*`,
    zone: 'private',
    labelKey: 'menu.accessRequests',
    page: AccessRequestsPage,
    // Administrators decide; any staff member (holding some permission) asks for a role here. Not in the
    // side menu (spec §2 lists users, permissions, traces); reached from the users page header.
    access: { permissions: ALL_PERMISSIONS },
  },
  {
    key: 'settings',
    path: PATHS.settings,
    zone: 'private',
    labelKey: 'menu.settings',
    page: SettingsPage,
    access: { permissions: [P.ADMIN] },
    menu: [{ key: 'settings', group: 'admin', icon: 'settings' }],
  },
  {
    key: 'commercialOffices',
    path: `${PATHS.commercialOffices}/*`,
    zone: 'private',
    labelKey: 'menu.commercialOffices',
    page: CommercialOfficesPage,
    access: { permissions: [P.COMMERCIAL_OFFICE_READ, P.COMMERCIAL_OFFICE_WRITE] },
    menu: [{ key: 'commercialOffices', group: 'admin', parent: 'nomenclators', icon: 'commercialOffices' }],
  },
  {
    key: 'municipalities',
    path: `${PATHS.municipalities}/*`,
    zone: 'private',
    labelKey: 'menu.municipalities',
    page: MunicipalitiesPage,
    access: { permissions: [P.ADMIN] },
    menu: [{ key: 'municipalities', group: 'admin', parent: 'nomenclators', icon: 'municipalities' }],
  },
  {
    key: 'faqsConfiguration',
    path: `${PATHS.faqsConfiguration}/*`,
    zone: 'private',
    labelKey: 'menu.faqsConfiguration',
    page: FaqsConfigurationPage,
    access: { permissions: [P.FAQ_WRITE] },
    menu: [{ key: 'faqsConfiguration', group: 'admin', parent: 'nomenclators', icon: 'faqs' }],
  },
  { key: 'faqs', path: PATHS.faqs, zone: 'private', labelKey: 'menu.faqs', page: FaqsSignedInPage },
  {
    key: 'profileSecurity',
    path: PATHS.profileSecurity,
    zone: 'private',
    labelKey: 'menu.profileSecurity',
    page: SecurityPage,
    plain: true,
  },
  {
    key: 'profile',
    path: `${PATHS.profile}/:tab?`,
    zone: 'private',
    labelKey: 'menu.profile',
    page: ProfilePage,
    plain: true,
  },
  {
    key: 'verifyEmailSignedIn',
    path: PATHS.verifyEmail,
    zone: 'private',
    labelKey: 'menu.profile',
    titleKey: 'account.verifyEmail.title',
    page: VerifyEmailSignedInPage,
    plain: true,
  },
];

export const PUBLIC_ROUTES = ROUTES.filter((route) => route.zone === 'public');
export const PRIVATE_ROUTES = ROUTES.filter((route) => route.zone === 'private');
