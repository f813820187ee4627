import { type ComponentType, createElement, type FunctionComponent, lazy } from 'react';
import type { PagePrefetch, RoutePage } from './route-types';

/**
 * A route-level chunk: `React.lazy` plus `preload`, the same import, so the entry can start the chunk
 * of the route being opened while the signed-in area's chunk is still on its way (app/early-load.ts).
 * Once its module has arrived the page renders it directly: a lazy component suspends at its first
 * render even when its module is there, and React then shows the fallback and holds the page back
 * for up to 300 ms (its throttle on revealing a fallback's content). The module's `prefetch` export,
 * if any, is the page's `prefetch` once the module is in (nothing before).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType; prefetch?: PagePrefetch }>,
): FunctionComponent & Required<Pick<RoutePage, 'preload' | 'prefetch'>> {
  let loaded: ComponentType | undefined;
  let loadedPrefetch: PagePrefetch | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      loadedPrefetch = module.prefetch;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => createElement(loaded ?? Lazy);
  const prefetch: PagePrefetch = (...args) => loadedPrefetch?.(...args);
  return Object.assign(Page, { preload, prefetch });
}
