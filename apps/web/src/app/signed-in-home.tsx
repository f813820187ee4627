import { PERMISSIONS } from '@ov/domain';
import { lazy } from 'react';
import { canAccess } from '../lib/access';
import { useCurrentUser } from '../lib/current-user';

const DashboardHome = lazy(() => import('../features/dashboard/pages/home-page'));
const ClientCodesPage = lazy(() => import('../features/billing/pages/client-codes-page'));

/**
 * Signed-in `/` (spec §2): the dashboard for ADMIN, otherwise the client codes screen. Decided here, in
 * the app layer, so each user downloads only the chunk of the page they get.
 */
export default function SignedInHome() {
  const { access } = useCurrentUser();
  if (canAccess({ permissions: [PERMISSIONS.ADMIN] }, access)) return <DashboardHome />;
  return <ClientCodesPage />;
}
