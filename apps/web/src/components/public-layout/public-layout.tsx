import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../lib/urls';
import { MAIN_ID } from '../a11y/page-announcer';
import { LanguageSwitch } from '../language-switch/language-switch';
import { BrandMark } from './brand-mark';
import './public-layout.css';

interface PublicLayoutProps {
  children: ReactNode;
  /** Show the big welcome band (landing page only). */
  hero?: ReactNode;
  hideLoginLink?: boolean;
}

/** Header, content and footer of the anonymous pages, in plain React + CSS (kept out of Ant Design). */
export function PublicLayout({ children, hero, hideLoginLink }: PublicLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="ov-public">
      <header className={`ov-public__top${hero ? ' ov-public__top--hero' : ''}`}>
        <div className="ov-public__bar">
          <Link to={PATHS.home} className="ov-public__brand">
            <BrandMark />
            <span>
              <strong>{t('brand.name')}</strong>
              <small>{t('brand.utility')}</small>
            </span>
          </Link>
          <nav className="ov-public__nav" aria-label={t('common.mainNavigation')}>
            <LanguageSwitch />
            {hideLoginLink ? null : (
              <Link to={PATHS.login} className="ov-public__login">
                {t('landing.login.title')}
              </Link>
            )}
          </nav>
        </div>
        {hero}
      </header>
      <main className="ov-public__main" id={MAIN_ID}>
        {children}
      </main>
      <footer className="ov-public__footer">
        <span>
          © {new Date().getFullYear()} {t('brand.utility')}
        </span>
        <span>
          {t('landing.footer.help')}{' '}
          <Link to={{ pathname: PATHS.faqs, hash: '#office-finder' }}>{t('landing.footer.find')}</Link>
        </span>
      </footer>
    </div>
  );
}
