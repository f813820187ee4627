import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { SignedInFrame } from '../components/page-loader/signed-in-frame';
import { startProfileFetch } from '../lib/early-profile';
import { getSession, useIsAuthenticated } from '../lib/session';
import { BASE_PATH } from '../lib/urls';
import { PublicApp } from './public-app';

/** Everything a signed-in user sees (Ant Design, the shell, TanStack Query) loads on demand. */
const loadPrivateApp = () => import('./private-app');
const PrivateApp = lazy(loadPrivateApp);

// A signed-in visit starts the signed-in area's chunk and the profile call together, from the entry.
if (getSession()) {
  void loadPrivateApp();
  startProfileFetch();
}

export function App() {
  const authenticated = useIsAuthenticated();
  return (
    <BrowserRouter basename={BASE_PATH}>
      {authenticated ? (
        <Suspense fallback={<SignedInFrame />}>
          <PrivateApp />
        </Suspense>
      ) : (
        <Suspense fallback={<PageLoader />}>
          <PublicApp />
        </Suspense>
      )}
    </BrowserRouter>
  );
}
