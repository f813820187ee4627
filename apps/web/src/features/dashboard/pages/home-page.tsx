import { PERMISSIONS } from '@ov/domain/permissions';
import { ComingSoon } from '../../../components/coming-soon/coming-soon';
import { canAccess } from '../../../lib/access';
import { useCurrentUser } from '../../../lib/current-user';
import { DashboardPage } from './dashboard-page';

/** Signed-in `/`: the dashboard for ADMIN, the client codes screen for everyone else (spec §2). */
export default function HomePage() {
  const { access } = useCurrentUser();
  if (canAccess({ permissions: [PERMISSIONS.ADMIN] }, access)) return <DashboardPage />;
  return <ComingSoon titleKey="menu.clientCodes" />;
}
