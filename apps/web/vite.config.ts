import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type LogLevel, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { recordBuild, sourceHash } from '../../scripts/web-build.mjs';
import { chunkOf } from './build/chunks';
import { routePreloads } from './build/route-preloads';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the
 * build, once, so the server only picks the copy the browser accepts (`@fastify/static`
 * `preCompressed`) instead of compressing on every request. A copy that is not smaller is skipped.
 */
/** The build's output folder, absolute (`--outDir` included), once Vite has resolved its config. */
let outDir = resolve(import.meta.dirname ?? '.', 'dist');
/** The build's `--logLevel`, which the service worker's own build keeps too. */
let logLevel: LogLevel | undefined;

function precompress(): Plugin {
  return {
    name: 'ov-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logLevel = config.logLevel;
    },
    // After every other plugin's closeBundle (the service worker is written there).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const bytes = readFileSync(file);
            if (bytes.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gz(bytes, { level: 9 }),
            ]);
            if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
            if (gzipped.length < bytes.length) writeFileSync(`${file}.gz`, gzipped);
          }),
        );
      },
    },
  };
}

/**
 * Writes the hash of the sources the build was made from beside it (`dist/.source-hash`), so that
 * `npm start` builds again only when they changed (scripts/web-build.mjs). Taken when the build
 * starts: a file saved during the build makes the next start build again.
 */
function sourceHashRecord(): Plugin {
  let hash = '';
  return {
    name: 'ov-source-hash',
    apply: 'build',
    buildStart() {
      hash = sourceHash(resolve(import.meta.dirname ?? '.', '../..'));
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        recordBuild(outDir, hash);
      },
    },
  };
}

/**
 * Rollup's warnings, less one that only zod's own prose causes: zod 4.6 explains its `@__PURE__`
 * calls in comments that name the annotation, and Rollup reports each such comment as a misplaced
 * annotation before dropping it (colinhacks/zod#6619; the real annotations beside them still work).
 */
function onwarn(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
  warn(warning);
}

const BASE = '/oficina_virtual/';

/**
 * Installable and useful offline (docs/web-performance.md): the manifest, and the service worker
 * `src/pwa/sw.ts` with the precache list injected. The precache holds the shell only (index.html and
 * what it loads: the entry, React, the styles, the zod switch), never every chunk: on a first visit it
 * costs nothing more than the page itself (hashed files come from the HTTP cache). The rest is kept
 * as pages fetch it (sw.ts). The page registers the worker itself (`src/pwa/register.ts`): no inline
 * script under our Content-Security-Policy.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    // The worker's build is a Vite build of its own, which would print its chunk table at any level.
    integration: {
      configureCustomSWViteBuild(inlineConfig) {
        inlineConfig.logLevel = logLevel;
      },
    },
    includeManifestIcons: false,
    manifest: {
      id: BASE,
      name: 'Oficina Virtual — Aguas de La Habana',
      short_name: 'Oficina Virtual',
      description:
        'Consulte y pague sus facturas de agua, solicite contratos y gestione sus códigos de cliente.',
      lang: 'es',
      start_url: BASE,
      scope: BASE,
      display: 'standalone',
      theme_color: '#0b4f7c',
      background_color: '#f3f7fb',
      icons: [
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['index.html', 'zod-jitless.js', 'favicon.svg', 'assets/*.{js,css}'],
      // Vite's hashes (8 characters of base64url): such a file is fetched once, never re-validated.
      dontCacheBustURLsMatching: /-[A-Za-z0-9_-]{8}\.(js|css)$/,
      manifestTransforms: [
        async (entries) => {
          const html = readFileSync(join(outDir, 'index.html'), 'utf8');
          const shell = entries.filter(
            (entry) => !entry.url.startsWith('assets/') || html.includes(`${BASE}${entry.url}`),
          );
          return { manifest: shell, warnings: [] };
        },
      ],
    },
  });
}

export default defineConfig({
  base: BASE,
  plugins: [react(), routePreloads(), precompress(), pwa(), sourceHashRecord()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One stylesheet for the whole portal (15 KB with brotli), fetched with the entry and kept by the
    // service worker, instead of one per chunk: a signed-in page fetched 8–14 of them (0.3–3 KB each)
    // beside its scripts, and on HTTP/1.1 (six connections per host) over slow 4G each waited for a
    // connection. The landing page pays 12 KB more once (docs/web-performance.md).
    cssCodeSplit: false,
    // The entry's own modules form the `index` manual chunk, which Vite would list among the entry's
    // preloads: the page would name its entry twice.
    modulePreload: { resolveDependencies: (filename, deps) => deps.filter((dep) => dep !== filename) },
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      onwarn,
      output: {
        // The libraries' own chunks, the entry and the signed-in area (build/chunks.ts).
        manualChunks: chunkOf,
        // Ant Design is ES modules, one per component: without this, a signed-in page fetched 50–110
        // chunks of a few KB each (≈0.3 KB of headers apiece). Small chunks are merged into the
        // chunks that import them where that cannot change what runs first. At 20 KB the sign-up
        // page's chunks were merged into the signed-in shell's (+60 KB for it); 10 KB keeps them apart.
        experimentalMinChunkSize: 10 * 1024,
      },
      treeshake: {
        // The domain package is pure data and functions; letting Rollup drop its unused modules keeps
        // zod schemas out of the anonymous landing chunk, which only needs a few constants.
        moduleSideEffects: (id) => !id.includes('/packages/domain/'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
