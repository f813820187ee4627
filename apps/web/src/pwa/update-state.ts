import { useSyncExternalStore } from 'react';
import { SKIP_WAITING } from './cache-names';

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;

/** A new version's worker is installed and waits for the page to let it take over. */
export function setWaitingWorker(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => waiting !== null;

export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Lets the new version take over; the page reloads when it does (`register.ts`). */
export function applyUpdate(): void {
  if (waiting) waiting.postMessage({ type: SKIP_WAITING });
  else window.location.reload();
}
