import { useSyncExternalStore } from 'react';

/** Ant Design's breakpoints (min widths), which the columns' `from` names. */
const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
const ORDER = Object.keys(BREAKPOINTS) as Breakpoint[];

const queries = () => ORDER.map((name) => globalThis.matchMedia?.(`(min-width: ${BREAKPOINTS[name]}px)`));

function subscribe(listener: () => void): () => void {
  const media = queries();
  for (const query of media) query?.addEventListener('change', listener);
  return () => {
    for (const query of media) query?.removeEventListener('change', listener);
  };
}

/** How many breakpoints the viewport reaches (0: under `sm`, 4: `xl` and up). */
function snapshot(): number {
  const media = queries();
  // Without matchMedia (tests, old browsers) every column is shown.
  if (media.some((query) => !query)) return ORDER.length;
  return media.filter((query) => query?.matches).length;
}

/** Whether a column shown `from` a breakpoint is shown at the viewport's width (re-renders on resize). */
export function useReachedBreakpoint(): (from: Breakpoint | undefined) => boolean {
  const reached = useSyncExternalStore(subscribe, snapshot, () => ORDER.length);
  return (from) => from === undefined || ORDER.indexOf(from) < reached;
}
