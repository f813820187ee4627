/** The base path the SPA is served under (kept in sync with vite.config.ts `base`). */
export { BASE_PATH } from '@ov/domain/constants';
export const API_BASE = '/api';

/** Client-side paths (relative to BASE_PATH). */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verify: '/verify',
  verifyEmail: '/verify-email',
  search: '/search',
  contractRequest: '/contract-request',
  faqs: '/faqs',
  /** Pay without an account (issue 30): a code and a number from the paper invoice. */
  guestPay: '/pagar',
  /** A guest's payment, opened by its token (the gateway's return, the receipt e-mail). */
  guestPayResult: '/pagar/resultado',
  faqsConfiguration: '/faqs/configuration',
  profile: '/profile',
  profilePersonal: '/profile/personal',
  /** Passkeys, the authenticator app and remembered browsers (issue 30). */
  profileSecurity: '/profile/security',
  /** A staff sign-in's second step: present a factor, or set one up (issue 30). */
  secondFactor: '/second-factor',
  clientCodes: '/clientCodes',
  payments: '/payments/payments',
  paymentRecord: '/payments/payment-record',
  prepaid: '/payments/prepaid',
  contractRequestAdmins: '/contractrequest/contract-request-admins',
  contractRequestDetails: '/contractrequest/contract-request-details',
  contractRequestState: '/contractrequest/contract-request-state-admins',
  contractRequestBigClient: '/contractrequest/contract-request-big-client-admins',
  contractRequestResidential: '/contractrequest/contract-request-residential-admins',
  commercialOffices: '/nomenclators/commercial-offices',
  municipalities: '/nomenclators/municipalities',
  users: '/admin/users',
  permissions: '/admin/permissions',
  traces: '/admin/traces',
  securityLog: '/admin/security-log',
  settings: '/admin/settings',
  accessRequests: '/admin/access-requests',
  onboarding: '/onboarding',
} as const;
