// The chunks each customer route needs beyond the entry, written beside the build as
// `route-preloads.json` for the API, which names them in that route's index.html as
// `<link rel="modulepreload">` (apps/api/src/plugins/spa.ts; docs/web-performance.md).
import type { Plugin, Rollup } from 'vite';

/** The file the API reads: `{ "routes": [{ "path": "/clientCodes/:cc", "files": ["assets/…js", …] }] }`. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The signed-in area's shell, which every route below renders in. */
const SHELL = '/src/app/private-app.tsx';

/**
 * The customer's first screens, whose reads the entry starts itself (their route's `early`,
 * app/early-load.ts): their path in the route table (app/route-table.ts, `:name` for a segment) and
 * the page module the route lazily imports. Only signed-in routes: an anonymous page (the landing,
 * the login) downloads none of the area. `/` is left out: the same address is the landing page for
 * an anonymous visitor, and the API does not know who is asking (the session is in the browser's
 * storage, not in a cookie).
 */
export const PRELOADED_ROUTES: readonly { path: string; page: string }[] = [
  { path: '/clientCodes', page: '/src/features/billing/pages/client-codes-page.tsx' },
  { path: '/clientCodes/:cc', page: '/src/features/billing/pages/code-detail-page.tsx' },
  { path: '/payments/payments', page: '/src/features/payments/pages/pay-page.tsx' },
];

/**
 * The chunks a module needs, in the order a browser should ask for them: the chunk holding it, then
 * what that chunk imports statically, largest first at each step (on six connections the largest
 * decides when the last one arrives), less the chunks already named by index.html (`skip`).
 */
function chunksOf(bundle: Rollup.OutputBundle, moduleId: string, skip: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const holder = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(moduleId)));
  if (!holder) throw new Error(`route-preloads: no chunk holds ${moduleId}`);
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const size = (file: string) => byName.get(file)?.code.length ?? 0;
  const order: string[] = [];
  const queue = [holder.fileName];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (order.includes(file) || skip.has(file)) continue;
    order.push(file);
    queue.push(...[...(byName.get(file)?.imports ?? [])].sort((a, b) => size(b) - size(a)));
  }
  return order;
}

/** Every chunk the entry loads statically (index.html names them already). */
function entryChunks(bundle: Rollup.OutputBundle): Set<string> {
  const seen = new Set<string>();
  const stack = Object.values(bundle)
    .filter((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry)
    .map((c) => c.fileName);
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') stack.push(...chunk.imports);
  }
  return seen;
}

/** The Vite plugin writing `route-preloads.json`: for each route, the shell's chunks, then the page's. */
export function routePreloads(): Plugin {
  return {
    name: 'ov-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const skip = entryChunks(bundle);
      const shell = chunksOf(bundle, SHELL, skip);
      const routes = PRELOADED_ROUTES.map(({ path, page }) => {
        const files = [...shell];
        for (const file of chunksOf(bundle, page, skip)) if (!files.includes(file)) files.push(file);
        return { path, files };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}
