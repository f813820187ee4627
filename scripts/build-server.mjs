#!/usr/bin/env node
// `npm run build:server`: compiles the server side to JavaScript with source maps (esbuild):
//   packages/domain/dist/index.js        the domain package (ESM; the web app keeps reading src/ through Vite)
//   apps/api/dist/{server,migrate}.js    the API and the migration step, @ov/domain bundled in,
//                                        every npm dependency left to node_modules
//   apps/gateway-sandbox/dist/server.js  the EnZona / Transfermóvil stand-ins
// Run them with `node --enable-source-maps <file>` (docs/DEPLOY.md). Type checking stays `npm run typecheck`.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Every dependency of a package stays external (resolved from node_modules at run time), except workspaces. */
function externals(pkgDir) {
  const pkg = JSON.parse(readFileSync(at(pkgDir, 'package.json'), 'utf8'));
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies })
    .filter((name) => !name.startsWith('@ov/'))
    .flatMap((name) => [name, `${name}/*`]);
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  // The API's config resolves API_ROOT from its own file: dist/ sits where src/ does, one level down.
  chunkNames: '[name]-[hash]',
};

const started = Date.now();
for (const dir of ['packages/domain/dist', 'apps/api/dist', 'apps/gateway-sandbox/dist']) {
  rmSync(at(dir), { recursive: true, force: true });
}
await Promise.all([
  build({
    ...common,
    entryPoints: [at('packages/domain/src/index.ts')],
    outfile: at('packages/domain/dist/index.js'),
    external: externals('packages/domain'),
  }),
  build({
    ...common,
    entryPoints: {
      server: at('apps/api/src/server.ts'),
      migrate: at('apps/api/src/db/migrate.ts'),
    },
    outdir: at('apps/api/dist'),
    splitting: true,
    external: [...externals('apps/api'), ...externals('packages/domain')],
  }),
  build({
    ...common,
    entryPoints: [at('apps/gateway-sandbox/src/server.ts')],
    outfile: at('apps/gateway-sandbox/dist/server.js'),
    external: externals('apps/gateway-sandbox'),
  }),
]);
console.log(
  `server build: packages/domain/dist, apps/api/dist, apps/gateway-sandbox/dist (${Date.now() - started} ms)`,
);
