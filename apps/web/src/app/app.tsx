import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { SignedInFrame } from '../components/page-loader/signed-in-frame';
import { useIsAuthenticated } from '../lib/session';
import { BASE_PATH } from '../lib/urls';
import { loadPrivateApp } from './early-load';
import { PublicApp } from './public-app';

/** Everything a signed-in user sees loads on demand; a signed-in visit starts it from main.tsx. */
const PrivateApp = lazy(loadPrivateApp);

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
