import { lazy } from 'react';
import LoginPage from '../features/auth/pages/login-page';
import LandingPage from '../features/landing/pages/landing-page';
import { PATHS } from '../lib/urls';
import type { RouteEntry } from './route-types';

const ForgotPasswordPage = lazy(() => import('../features/account/pages/forgot-password-page'));
const RegisterPage = lazy(() => import('../features/account/pages/register-page'));
const VerifyPage = lazy(() => import('../features/account/pages/verify-page'));
const ResetPasswordPage = lazy(() => import('../features/account/pages/reset-password-page'));
const VerifyEmailPage = lazy(() => import('../features/account/pages/verify-email-page'));
const RequestSearchPage = lazy(() => import('../features/contract-requests/pages/request-search-page'));
const ContractRequestPage = lazy(() => import('../features/contract-requests/pages/contract-request-page'));
const FaqsPage = lazy(() => import('../features/faqs/pages/faqs-page'));
const GuestPayPage = lazy(() => import('../features/payments/pages/guest-pay-page'));
const GuestResultPage = lazy(() => import('../features/payments/pages/guest-result-page'));
const SecondFactorPage = lazy(() => import('../features/factors/pages/second-factor-page'));

/**
 * The anonymous visitor's pages. The landing page and the sign-in page's frame (card, heading, links;
 * its form is fetched once they are painted) ship in the entry: no Ant Design for them.
 */
export const PUBLIC_ROUTE_ENTRIES: readonly RouteEntry[] = [
  { key: 'landing', path: PATHS.home, zone: 'public', labelKey: 'breadcrumb.home', page: LandingPage },
  { key: 'login', path: PATHS.login, zone: 'public', labelKey: 'auth.login.title', page: LoginPage },
  {
    key: 'register',
    path: PATHS.register,
    zone: 'public',
    labelKey: 'landing.register.title',
    page: RegisterPage,
  },
  {
    key: 'secondFactor',
    path: PATHS.secondFactor,
    zone: 'public',
    labelKey: 'auth.login.title',
    page: SecondFactorPage,
  },
  {
    key: 'forgotPassword',
    path: PATHS.forgotPassword,
    zone: 'public',
    labelKey: 'auth.forgot.title',
    page: ForgotPasswordPage,
  },
  {
    key: 'resetPassword',
    path: PATHS.resetPassword,
    zone: 'public',
    labelKey: 'auth.forgot.title',
    page: ResetPasswordPage,
  },
  {
    key: 'verify',
    path: PATHS.verify,
    zone: 'public',
    labelKey: 'landing.register.title',
    titleKey: 'account.verify.title',
    page: VerifyPage,
  },
  {
    key: 'verifyEmail',
    path: PATHS.verifyEmail,
    zone: 'public',
    labelKey: 'menu.profile',
    titleKey: 'account.verifyEmail.title',
    page: VerifyEmailPage,
  },
  {
    key: 'requestSearch',
    path: PATHS.search,
    zone: 'public',
    labelKey: 'landing.search.title',
    page: RequestSearchPage,
  },
  {
    key: 'contractRequest',
    path: PATHS.contractRequest,
    zone: 'public',
    labelKey: 'landing.contract.title',
    page: ContractRequestPage,
  },
  { key: 'publicFaqs', path: PATHS.faqs, zone: 'public', labelKey: 'menu.faqs', page: FaqsPage },
  {
    key: 'guestPay',
    path: PATHS.guestPay,
    zone: 'public',
    labelKey: 'landing.guestPay.title',
    page: GuestPayPage,
  },
  {
    key: 'guestPayResult',
    path: PATHS.guestPayResult,
    zone: 'public',
    labelKey: 'landing.guestPay.title',
    page: GuestResultPage,
  },
];
