import { FEATURES } from '@ov/domain/constants';
import { accessContextOf, homeIsDashboard, type ProfileLike } from '../lib/access';
import { getCachedProfile } from '../lib/session';
import { lazyPage } from './lazy-page';
import type { PagePrefetch, RoutePage } from './route-types';

/** The signed-in routes' pages, each a chunk of its own with a `preload` (app/early-load.ts). */
const queue = (name: 'StateQueue' | 'BigClientQueue' | 'ResidentialQueue' | 'AllQueue') =>
  lazyPage(() => import('../features/contract-requests/pages/queues').then((m) => ({ default: m[name] })));
export const StateQueue = queue('StateQueue');
export const BigClientQueue = queue('BigClientQueue');
export const ResidentialQueue = queue('ResidentialQueue');
export const AllQueue = queue('AllQueue');
// A customer's own requests: their own light page (cards), not the staff queue's chunk.
export const MyRequests = lazyPage(() =>
  import('../features/contract-requests/pages/my-requests-page').then((m) => ({ default: m.MyRequestsPage })),
);
export const ContractRequestForm = lazyPage(
  () => import('../features/contract-requests/pages/contract-request-page'),
);
export const AgreementRequestPage = lazyPage(
  () => import('../features/contract-requests/pages/agreement-request-page'),
);
export const RequestSearch = lazyPage(
  () => import('../features/contract-requests/pages/request-search-page'),
);

export const VerifyEmailSignedInPage = lazyPage(
  () => import('../features/account/pages/verify-email-signed-in-page'),
);
export const ProfilePage = lazyPage(() => import('../features/account/pages/profile-page'));
export const SecurityPage = lazyPage(() => import('../features/factors/pages/security-page'));
export const UsersPage = lazyPage(() => import('../features/users/pages/users-page'));
export const PermissionsPage = lazyPage(() => import('../features/security/pages/permissions-page'));
export const TracesPage = lazyPage(() => import('../features/traces/pages/traces-page'));
export const CommercialOfficesPage = lazyPage(
  () => import('../features/commercial-offices/pages/commercial-offices-page'),
);
export const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page'));
export const FaqsConfigurationPage = lazyPage(() => import('../features/faqs/pages/faqs-configuration-page'));
export const FaqsSignedInPage = lazyPage(() => import('../features/faqs/pages/faqs-signed-in-page'));
export const SecurityLogPage = lazyPage(() => import('../features/traces/pages/security-log-page'));
export const AccessRequestsPage = lazyPage(
  () => import('../features/access-requests/pages/access-requests-page'),
);
export const MunicipalitiesPage = lazyPage(
  () => import('../features/municipalities/pages/municipalities-page'),
);
export const ClientCodesPage = lazyPage(() => import('../features/billing/pages/client-codes-page'));

/** Whether `/` will show the client codes, judged from the profile kept at the last visit. */
export function codesAtHome(): boolean {
  const profile = getCachedProfile<ProfileLike>();
  return profile !== null && !homeIsDashboard(accessContextOf(profile, FEATURES));
}
const home = lazyPage(() => import('./signed-in-home'));
const loadHome = home.preload;
const prefetchHome: PagePrefetch = (...args) =>
  codesAtHome() ? ClientCodesPage.prefetch(...args) : undefined;
/**
 * The signed-in home; its preload also fetches the client codes' chunk, and its prefetch their reads,
 * when that is what it will show.
 */
export const HomePage: RoutePage = Object.assign(home, {
  preload: () => Promise.all([loadHome(), codesAtHome() ? ClientCodesPage.preload() : null]),
  prefetch: prefetchHome,
});
export const CodeDetailPage = lazyPage(() => import('../features/billing/pages/code-detail-page'));
export const StaffCodesPage = lazyPage(() => import('../features/billing/pages/staff-codes-page'));
export const StaffCodePage = lazyPage(() => import('../features/billing/pages/staff-code-page'));
export const PayPage = lazyPage(() => import('../features/payments/pages/pay-page'));
export const PaymentRecordPage = lazyPage(() => import('../features/payments/pages/payment-record-page'));
export const PrepaidPage = lazyPage(() => import('../features/payments/pages/prepaid-page'));
