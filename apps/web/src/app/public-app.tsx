import { lazy, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { SkipLink, usePageAnnouncer } from '../components/a11y/page-announcer';
import { PageLoader } from '../components/page-loader/page-loader';
import { justSignedOut } from '../lib/session';
import { PATHS } from '../lib/urls';
import { PRIVATE_ROUTES, PUBLIC_ROUTES } from './route-table';

const NotFoundPage = lazy(() => import('../components/public-layout/not-found-page'));

/** Anonymous visitors: the public routes; a signed-in-only path asks to log in first. */
export function PublicApp() {
  usePageAnnouncer(PUBLIC_ROUTES);
  return (
    <Suspense fallback={<PageLoader />}>
      <SkipLink />
      <Routes>
        {PUBLIC_ROUTES.map(({ key, path, page: Page }) =>
          Page ? <Route key={key} path={path} element={<Page />} /> : null,
        )}
        <Route path="*" element={<AnonymousFallback />} />
      </Routes>
    </Suspense>
  );
}

function AnonymousFallback() {
  const location = useLocation();
  const needsSignIn = PRIVATE_ROUTES.some(
    (route) => route.path !== PATHS.home && matchPath({ path: route.path, end: true }, location.pathname),
  );
  // Signed out on a signed-in page: to the landing page, remembering nothing of where they were.
  if (needsSignIn && justSignedOut()) return <Navigate to={PATHS.home} replace />;
  if (needsSignIn) return <Navigate to={PATHS.login} replace state={{ from: location }} />;
  return <NotFoundPage />;
}
