import { type ComponentType, lazy } from 'react';
import type { RoutePage } from './route-types';

/**
 * A route-level chunk: `React.lazy` plus `preload`, the same import, so the entry can start the chunk
 * of the route being opened while the signed-in area's chunk is still on its way (app/early-load.ts).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): RoutePage {
  return Object.assign(lazy(load), { preload: load });
}
