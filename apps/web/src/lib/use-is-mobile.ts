import { MOBILE_BREAKPOINT } from '@ov/domain/constants';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(listener: () => void): () => void {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

function snapshot(): boolean {
  return globalThis.matchMedia?.(QUERY).matches ?? false;
}

/** True below the spec's mobile threshold (992 px). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
