import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../lib/urls';
import { PublicLayout } from './public-layout';

interface PublicMessagePageProps {
  title: string;
  text: string;
  /** e.g. an honest note that the capability arrives in a coming release. */
  notice?: string;
  kicker?: ReactNode;
  children?: ReactNode;
}

/** A simple anonymous page: title, explanation and a way back home. */
export function PublicMessagePage({ title, text, notice, kicker, children }: PublicMessagePageProps) {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="ov-panel">
        {kicker}
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
        {notice ? (
          <p className="ov-notice" role="note">
            {notice}
          </p>
        ) : null}
        <div className="ov-panel__actions">
          <Link to={PATHS.home} className="ov-button ov-button--ghost">
            {t('common.backHome')}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
