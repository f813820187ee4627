import { useOfflineState } from '../lib/offline-state';
import { PwaBar } from './pwa-bar';
import { applyUpdate, useUpdateReady } from './update-state';

/** Offline notice and update prompt, beside the app (main.tsx); part of the entry, so it shows offline. */
export function PwaStatus() {
  const { offline, dataFrom } = useOfflineState();
  const updateReady = useUpdateReady();
  if (!offline && !updateReady) return null;
  return <PwaBar offline={offline} dataFrom={dataFrom} updateReady={updateReady} onReload={applyUpdate} />;
}
