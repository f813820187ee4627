import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import './account.css';

interface AccountCardProps {
  title: string;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  testId?: string;
  /** Signed-in screens (the forced password change) do not offer the sign-in link. */
  hideLoginLink?: boolean;
}

/** The anonymous account pages (register, verify, recover): one centred card in the public frame. */
export function AccountCard({ title, subtitle, wide, children, testId, hideLoginLink }: AccountCardProps) {
  return (
    <PublicLayout hideLoginLink={hideLoginLink}>
      <div className="ov-account">
        <section
          className={`ov-account__card${wide ? ' ov-account__card--wide' : ''}`}
          aria-labelledby="ov-account-title"
          data-testid={testId}
        >
          <h1 id="ov-account-title" className="ov-account__title">
            {title}
          </h1>
          {subtitle ? <p className="ov-account__subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </div>
    </PublicLayout>
  );
}
