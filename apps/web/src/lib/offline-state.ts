import { useSyncExternalStore } from 'react';
import { OFFLINE_HEADER } from '../pwa/cache-names';

/**
 * Whether what is on screen came from the service worker's store because the network failed, and
 * from when: the oldest date among such answers since the last one from the network.
 */
export interface OfflineState {
  /** The browser says there is no network. */
  offline: boolean;
  /** When the oldest data shown offline was received (ISO 8601), or null. */
  dataFrom: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: OfflineState = {
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  dataFrom: null,
};

function set(next: OfflineState): void {
  if (next.offline === state.offline && next.dataFrom === state.dataFrom) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Every API answer passes here (`lib/api-client.ts`): offline copies are marked by the worker. */
export function noteResponse(response: Response): void {
  const receivedAt = response.headers.get(OFFLINE_HEADER);
  if (receivedAt === null) {
    if (state.dataFrom !== null || state.offline) set({ offline: false, dataFrom: null });
    return;
  }
  const older = state.dataFrom && receivedAt && state.dataFrom < receivedAt ? state.dataFrom : receivedAt;
  set({ offline: true, dataFrom: older || state.dataFrom });
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set({ ...state, offline: true }));
  window.addEventListener('online', () => set({ ...state, offline: false }));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getOfflineState(): OfflineState {
  return state;
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(subscribe, getOfflineState, getOfflineState);
}
