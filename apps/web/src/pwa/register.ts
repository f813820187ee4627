import { BASE_PATH } from '../lib/urls';
import { setWaitingWorker } from './update-state';

/**
 * Registers the service worker (`/oficina_virtual/sw.js`, scoped to the app) from this bundled file
 * (the Content-Security-Policy allows no inline script), and reports a new version once it is
 * installed and waiting, so the page can offer to reload. Checks for a new version every hour and
 * when the tab comes back.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const scope = `${BASE_PATH}/`;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register(`${scope}sw.js`, { scope });
  } catch {
    // Not allowed here (private mode, insecure origin): the app works without it.
  }
  if (!registration) return; // refused, or blocked by the browser's policy
  const hadController = navigator.serviceWorker.controller !== null;
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      // The first install is not an update; a worker waiting while another controls the page is.
      if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaitingWorker(worker);
    };
    check();
    worker.addEventListener('statechange', check);
  };
  const active = registration;
  watch(active.waiting);
  active.addEventListener('updatefound', () => watch(active.installing));
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only a takeover the person asked for reloads; the first install claims the page silently.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const update = () => void active.update().catch(() => undefined);
  setInterval(update, 60 * 60 * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') update();
  });
}
