import '../i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { RequestIdSearch } from '../../../components/request-id-search/request-id-search';
import { useSignupOpen } from '../../../lib/public-switches';
import { PATHS } from '../../../lib/urls';
import {
  ContractIcon,
  FaqIcon,
  LoginIcon,
  PayIcon,
  RegisterIcon,
  SearchIcon,
} from '../components/landing-icons';

interface EntryProps {
  to?: string;
  icon: ReactNode;
  title: string;
  text: string;
  cta?: string;
  accent?: boolean;
  children?: ReactNode;
  testId: string;
}

function Entry({ to, icon, title, text, cta, accent, children, testId }: EntryProps) {
  const body = (
    <>
      <span className="ov-entry__icon">{icon}</span>
      <h2>{title}</h2>
      <p>{text}</p>
      {children}
      {cta ? <span className="ov-entry__cta">{cta} →</span> : null}
    </>
  );
  const className = `ov-entry${accent ? ' ov-entry--accent' : ''}`;
  return to ? (
    <Link to={to} className={className} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <section className={className} data-testid={testId}>
      {body}
    </section>
  );
}

/** The anonymous landing page: the five ways in of spec §2, and paying without an account (issue 30). Plain React so it loads fast on mobile data. */
export default function LandingPage() {
  const { t } = useTranslation();
  // Sign-up switched off in the settings: not offered (the API would refuse it, 477).
  const signupOpen = useSignupOpen();
  return (
    <PublicLayout
      hero={
        <div className="ov-hero">
          <h1>{t('landing.hero.title')}</h1>
          <p>{t('landing.hero.text')}</p>
        </div>
      }
    >
      <div className="ov-entries">
        <Entry
          testId="entry-contract"
          to={PATHS.contractRequest}
          icon={<ContractIcon />}
          title={t('landing.contract.title')}
          text={t('landing.contract.text')}
          cta={t('landing.contract.action')}
          accent
        />
        <Entry
          testId="entry-search"
          icon={<SearchIcon />}
          title={t('landing.search.title')}
          text={t('landing.search.text')}
        >
          <RequestIdSearch />
        </Entry>
        {signupOpen ? (
          <Entry
            testId="entry-register"
            to={PATHS.register}
            icon={<RegisterIcon />}
            title={t('landing.register.title')}
            text={t('landing.register.text')}
            cta={t('landing.register.action')}
          />
        ) : null}
        <Entry
          testId="entry-login"
          to={PATHS.login}
          icon={<LoginIcon />}
          title={t('landing.login.title')}
          text={t('landing.login.text')}
          cta={t('landing.login.action')}
          accent
        />
        <Entry
          testId="entry-guest-pay"
          to={PATHS.guestPay}
          icon={<PayIcon />}
          title={t('landing.guestPay.title')}
          text={t('landing.guestPay.text')}
          cta={t('landing.guestPay.action')}
        />
        <Entry
          testId="entry-faqs"
          to={PATHS.faqs}
          icon={<FaqIcon />}
          title={t('landing.faqs.title')}
          text={t('landing.faqs.text')}
          cta={t('landing.faqs.action')}
        />
      </div>
    </PublicLayout>
  );
}
