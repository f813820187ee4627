import type { ReactNode } from 'react';
import { AntdProvider } from '../../../components/antd/antd-provider';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { useIsAuthenticated } from '../../../lib/session';
import './contract-requests.css';

/** The request pages serve visitors (public layout) and signed-in users (inside the shell) alike. */
export function RequestFrame({ children }: { children: ReactNode }) {
  const signedIn = useIsAuthenticated();
  if (signedIn) return <div className="ov-cr">{children}</div>;
  return (
    <PublicLayout>
      <AntdProvider>
        <div className="ov-cr ov-cr--public">{children}</div>
      </AntdProvider>
    </PublicLayout>
  );
}
