import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ov-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
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
 * Library modules with a chunk of their own, so they are fetched once and stay cached across pages
 * and deployments (their hash changes only when the library does):
 * - `react`: React and React DOM (the entry imports it, so the landing page still needs nothing else).
 * - `zod`: the validation library, for the pages with a form.
 * - `qrcode`: the payment QR code.
 * - `antd`: Ant Design's core (theme, CSS-in-JS, config, motion, popups) and what a form needs: form,
 *   input, button, alert, grid, space, tooltip. That is all the sign-in and sign-up forms download
 *   (they use `AntdConfig`, without the App's messages and dialogs). The other components (menu,
 *   drawer, table, select, date picker…) are left to Rollup, which puts them with the pages that use
 *   them.
 * A group pulls in the modules it imports that belong to no group: the core's list names what it
 * must not pull from the others (a locale file, one hook), and icons are placed by `vendorChunk`.
 */
const CHUNK_GROUPS: readonly [string, RegExp][] = [
  ['react', /node_modules\/(react|react-dom|scheduler)\//],
  ['zod', /node_modules\/zod\//],
  ['qrcode', /node_modules\/(qrcode|dijkstrajs|@rc-component\/qrcode|antd\/es\/qr-code)\//],
  [
    'antd',
    new RegExp(
      'node_modules/(' +
        [
          'antd/es/(_util|theme|config-provider|style|locale|version|button|form|input|grid|row|col|space|flex|alert|spin|tooltip|empty|divider)/',
          'antd/es/(modal/locale|drawer/useFocusable|watermark/context|table/TableMeasureRowContext|color-picker/(color|util|components/ColorPresets))',
          'antd/es/[^/]+/locale/',
          '@rc-component/(util|motion|resize-observer|portal|trigger|form|async-validator|input|textarea|context|tooltip|color-picker|mini-decimal|overflow|[^/]+/es/locale)/',
          '@ant-design/(cssinjs|cssinjs-utils|fast-color|colors|icons/es/(components|utils|icons/(Loading|Close|Check|Info|Exclamation|Eye|Search)))',
          'dayjs/(dayjs\\.min\\.js|locale/(es|en)\\.js)',
          '(stylis|@emotion|clsx|react-is|@babel/runtime|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|is-mobile)/',
        ].join('|') +
        ')',
    ),
  ],
];

const ICON = /node_modules\/@ant-design\/(icons\/es\/icons|icons-svg\/es\/asn)\//;

/**
 * `manualChunks`: the group of a library module. An icon the core draws goes to the core; the
 * icons only other components or our pages draw are left to Rollup (they go with those pages).
 */
function vendorChunk(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  if (ICON.test(id)) {
    const importers = meta.getModuleInfo(id)?.importers ?? [];
    return importers.some((importer) => vendorChunk(importer, meta) === 'antd') ? 'antd' : undefined;
  }
  return CHUNK_GROUPS.find(([, pattern]) => pattern.test(id))?.[0];
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
        async (entries, compilation) => {
          const outDir = (compilation as { options?: { dir?: string } } | undefined)?.options?.dir;
          const html = readFileSync(join(outDir ?? 'dist', 'index.html'), 'utf8');
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
  plugins: [react(), precompress(), pwa()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // The libraries' own chunks (see `CHUNK_GROUPS`).
        manualChunks: vendorChunk,
        // Ant Design is ES modules, one per component: without this, a signed-in page fetched 50–110
        // chunks of a few KB each (≈0.3 KB of headers apiece). Small chunks are merged into the
        // chunks that import them where that cannot change what runs first.
        experimentalMinChunkSize: 20 * 1024,
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
