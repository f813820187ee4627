import { AntdScope } from '../components/antd/antd-scope';
import { homeIsDashboard } from '../lib/access';
import { useCurrentUser } from '../lib/current-user';
import { lazyPage } from './lazy-page';
import { ClientCodesPage } from './route-pages';
import { PRIVATE_ROUTES } from './route-table';

const DashboardHome = lazyPage(() => import('../features/dashboard/pages/home-page'));

/** Whether the client codes page is built without Ant Design: its own route entry says so. */
const clientCodesPlain = PRIVATE_ROUTES.find((route) => route.key === 'clientCodes')?.plain === true;

/**
 * Signed-in `/` (spec §2): the dashboard for ADMIN, otherwise the client codes screen. Decided here, in
 * the app layer, so each user downloads only the chunk of the page they get. The home route is `plain`:
 * the page chosen here is wrapped in AntdScope as its own route would be.
 */
export default function SignedInHome() {
  const { access } = useCurrentUser();
  if (homeIsDashboard(access)) {
    return (
      <AntdScope>
        <DashboardHome />
      </AntdScope>
    );
  }
  return clientCodesPlain ? (
    <ClientCodesPage />
  ) : (
    <AntdScope>
      <ClientCodesPage />
    </AntdScope>
  );
}
