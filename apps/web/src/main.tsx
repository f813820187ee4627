import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSignedInLoad } from './app/early-load';
import './lib/i18n';
import { PwaStatus } from './pwa/pwa-status';
import './styles/base.css';

// A signed-in visit: the signed-in area, the page and their data asked for at once, before rendering.
startSignedInLoad(window.location, document.documentElement.lang || 'es');

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of in one long task (on a phone, 100–150 ms at 4× CPU slowdown).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
      <PwaStatus />
    </StrictMode>,
  );
});

// The service worker (offline use, update prompt) once the page has loaded: it never delays it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());
  });
}
