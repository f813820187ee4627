import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AntdProvider } from '../../../app/antd-provider';
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
      <AntdProvider>
        <div className="ov-account">
          <Card
            className={`ov-account__card${wide ? ' ov-account__card--wide' : ''}`}
            variant="borderless"
            data-testid={testId}
          >
            <Typography.Title level={1} className="ov-account__title">
              {title}
            </Typography.Title>
            {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
            {children}
          </Card>
        </div>
      </AntdProvider>
    </PublicLayout>
  );
}
