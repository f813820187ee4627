import { Suspense, startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { SignedInFrame } from '../components/page-loader/signed-in-frame';
import { useIsAuthenticated } from '../lib/session';
import { BASE_PATH } from '../lib/urls';
import { PrivateApp, signedInChunks, signedInChunksLoaded } from './early-load';
import { PublicApp } from './public-app';

/**
 * Everything a signed-in user sees loads on demand; a signed-in visit starts it from main.tsx. Until
 * the area's chunk and the page's have arrived the frame is drawn as this component's state, not as
 * a Suspense fallback: React holds back the content that replaces a fallback for up to 300 ms after
 * the fallback appeared, and on a fast connection that delayed the page by 200 ms.
 */
function SignedInArea() {
  const [ready, setReady] = useState(signedInChunksLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A transition: React renders the area in slices, yielding to the browser every few
    // milliseconds, instead of one long task.
    void signedInChunks().then(() => live && startTransition(() => setReady(true)));
    return () => {
      live = false;
    };
  }, [ready]);
  if (!ready) return <SignedInFrame />;
  return (
    <Suspense fallback={<SignedInFrame />}>
      <PrivateApp />
    </Suspense>
  );
}

export function App() {
  const authenticated = useIsAuthenticated();
  return (
    <BrowserRouter basename={BASE_PATH}>
      {authenticated ? (
        <SignedInArea />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <PublicApp />
        </Suspense>
      )}
    </BrowserRouter>
  );
}
