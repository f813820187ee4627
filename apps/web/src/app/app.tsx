import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { useIsAuthenticated } from '../lib/session';
import { BASE_PATH } from '../lib/urls';
import { PublicApp } from './public-app';

/** Everything a signed-in user sees (Ant Design, the shell, TanStack Query) loads on demand. */
const PrivateApp = lazy(() => import('./private-app'));

export function App() {
  const authenticated = useIsAuthenticated();
  return (
    <BrowserRouter basename={BASE_PATH}>
      <Suspense fallback={<PageLoader />}>{authenticated ? <PrivateApp /> : <PublicApp />}</Suspense>
    </BrowserRouter>
  );
}
