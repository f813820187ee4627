import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
/** The build's output folder, absolute (`--outDir` included), once Vite has resolved its config. */
let outDir = resolve(import.meta.dirname ?? '.', 'dist');

function precompress(): Plugin {
  return {
    name: 'ov-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
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
 */
const CHUNK_GROUPS: readonly [string, RegExp][] = [
  ['react', /node_modules\/(react|react-dom|scheduler)\//],
  ['zod', /node_modules\/zod\//],
  ['qrcode', /node_modules\/(qrcode|dijkstrajs|@rc-component\/qrcode|antd\/es\/qr-code)\//],
];

/**
 * - `antd`: Ant Design's core, which every page still drawn with Ant Design (the staff's pages) needs:
 *   theme, CSS-in-JS, config, form, input, button, alert, found by following the static imports of
 *   these components (not of the `antd` index, which names every component). The customer's pages
 *   and the anonymous ones use none of it (docs/web-performance.md). The other components (menu,
 *   drawer, table, select, date picker…) are left to Rollup, which puts them with the pages using them.
 */
const CORE = [
  'antd/es/config-provider/index.js',
  'antd/es/locale/es_ES.js',
  'antd/es/locale/en_US.js',
  'antd/es/form/index.js',
  'antd/es/input/index.js',
  'antd/es/button/index.js',
  'antd/es/alert/index.js',
].map((path) => `/node_modules/${path}`);

/**
 * - `antd-app`: what nearly every staff page draws with Ant Design (the App's messages and dialogs,
 *   layout, menu, drawer, dropdown, loading and empty states, tags, tooltips, spacing), less what
 *   `antd` holds. The signed-in shell itself no longer uses it (it is ours, app/shell).
 * - `antd-shared`: the part of `antd-app` that Ant Design's select also needs (`ANONYMOUS`: overflow,
 *   motion, popups…), so a page with a select but no App downloads that part only. The rest of the
 *   select is left to Rollup.
 */
const APP = [
  'app',
  'layout',
  'drawer',
  'menu',
  'dropdown',
  'avatar',
  'breadcrumb',
  'spin',
  'empty',
  'skeleton',
  'space',
  'divider',
  'flex',
  'tooltip',
  'tag',
].map((component) => `/node_modules/antd/es/${component}/index.js`);

const ANONYMOUS = ['/node_modules/antd/es/select/index.js'];

/**
 * - `icons`: what every Ant Design icon draws with (the icon component, its context, the two-tone
 *   colours, the style it inserts), less what the entry holds. Our own components use the icons
 *   without Ant Design's components, so this must not sit inside `antd`: one icon would otherwise
 *   fetch the whole core (94 KB). With it, the icons Ant Design's grouped components draw (check marks,
 *   close, loading, arrows…), which our components draw too (were they left in those groups, one would
 *   fetch the whole group; left to Rollup, they made chunks import each other in a cycle). Every other
 *   icon's own module is left to Rollup, with the pages using it.
 */
const ICON_BASE = ['/node_modules/@ant-design/icons/es/components/AntdIcon.js'];
const ICON_MODULE = /\/node_modules\/@ant-design\/icons(-svg)?\//;

type AntdGroups = { icons: Set<string>; antd: Set<string>; shared: Set<string>; app: Set<string> };

let groups: (AntdGroups & { meta: Rollup.ManualChunkMeta }) | undefined;

/**
 * Every module `from` imports, directly or through others: statically, and also through the dynamic
 * imports of the modules `followDynamic` accepts.
 */
function staticallyReached(
  meta: Rollup.ManualChunkMeta,
  from: readonly string[],
  followDynamic: (id: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = meta.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []));
    if (followDynamic(id)) stack.push(...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

/** The modules `seeds` reach that `except` does not. */
function reachedFrom(
  meta: Rollup.ManualChunkMeta,
  seeds: readonly string[],
  except: ReadonlySet<string>,
): Set<string> {
  const start = [...meta.getModuleIds()].filter((id) => seeds.some((path) => id.endsWith(path)));
  return new Set([...staticallyReached(meta, start)].filter((id) => !except.has(id)));
}

/** The `antd`, `antd-shared` and `antd-app` groups; what the entry reaches stays with the entry. */
function antdGroups(meta: Rollup.ManualChunkMeta): AntdGroups {
  if (groups?.meta === meta) return groups;
  const entries = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry);
  const entry = staticallyReached(meta, entries);
  // The base, and every icon Ant Design's grouped components draw (check marks, close, loading, the
  // pager's arrows…), which our own components draw too.
  const drawnByAntd = [...reachedFrom(meta, [...CORE, ...APP, ...ANONYMOUS], entry)].filter((id) =>
    ICON_MODULE.test(id),
  );
  const icons = new Set([...reachedFrom(meta, ICON_BASE, entry), ...drawnByAntd]);
  const antd = reachedFrom(meta, CORE, new Set([...entry, ...icons]));
  const notCore = new Set([...entry, ...icons, ...antd]);
  const anonymous = reachedFrom(meta, ANONYMOUS, notCore);
  const shell = reachedFrom(meta, APP, notCore);
  const shared = new Set([...anonymous].filter((id) => shell.has(id)));
  const app = new Set([...shell].filter((id) => !shared.has(id)));
  groups = { meta, icons, antd, shared, app };
  return groups;
}

/** The chunk of a library module (`CHUNK_GROUPS`, then the Ant Design groups). */
function vendorChunk(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  const group = CHUNK_GROUPS.find(([, pattern]) => pattern.test(id))?.[0];
  if (group) return group;
  const { icons, antd, shared, app } = antdGroups(meta);
  if (icons.has(id)) return 'icons';
  if (antd.has(id)) return 'antd';
  if (shared.has(id)) return 'antd-shared';
  return app.has(id) ? 'antd-app' : undefined;
}

/** The signed-in area's shell, and the customer's pages (drawn without Ant Design). */
const SHELL = ['/src/app/private-app.tsx'];
const CUSTOMER_PAGES = [
  '/src/app/signed-in-home.tsx',
  '/src/features/billing/pages/client-codes-page.tsx',
  '/src/features/billing/pages/code-detail-page.tsx',
  '/src/features/payments/pages/pay-page.tsx',
  '/src/features/payments/pages/prepaid-page.tsx',
  '/src/features/payments/pages/payment-record-page.tsx',
  '/src/features/account/pages/profile-page.tsx',
];

/** The modules that open the signed-in area (its shell, and its routes' pages). */
const AREA_OPENERS = ['/src/app/early-load.ts', '/src/app/route-pages.ts'];

let area: { meta: Rollup.ManualChunkMeta; entry: Set<string>; chunk: Map<string, string> } | undefined;

/**
 * - the entry's own modules stay in the entry (named so that the signed-in group cannot pull them in);
 * - `signed-in`: what the shell reaches, and what two customer pages or more share, less what an
 *   anonymous page can load. Left to Rollup, these were 25–30 chunks of 1–10 KB, each a request a
 *   signed-in page waited for.
 * - `common`: what of that an anonymous page can load too (the form kit, the icons, the error
 *   catalogue…). Unnamed, Rollup would move these into `signed-in` (a manual chunk takes in the
 *   modules it imports), and the sign-in page would download the whole area. Grouped as Rollup
 *   would group them (by the anonymous chunks using each) they made 20 more chunks of 0.3–3 KB.
 */
function areaOf(meta: Rollup.ManualChunkMeta) {
  if (area?.meta === meta) return area;
  const entries = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry);
  const entry = staticallyReached(meta, entries);
  const shell = reachedFrom(meta, SHELL, entry);
  const counts = new Map<string, number>();
  for (const page of CUSTOMER_PAGES) {
    for (const id of reachedFrom(meta, [page], entry)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const shared = [...counts].filter(([, n]) => n >= 2).map(([id]) => id);
  // What an anonymous visit can load: the entry, and what it imports later, short of the area.
  const anonymous = staticallyReached(meta, entries, (id) => !AREA_OPENERS.some((path) => id.endsWith(path)));
  const chunk = new Map<string, string>();
  for (const id of [...shell, ...shared]) chunk.set(id, anonymous.has(id) ? 'common' : 'signed-in');
  area = { meta, entry, chunk };
  return area;
}

/** `manualChunks`: the libraries' groups, then the entry and the signed-in area. */
function chunkOf(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  const vendor = vendorChunk(id, meta);
  if (vendor) return vendor;
  const { entry, chunk } = areaOf(meta);
  return entry.has(id) ? 'index' : chunk.get(id);
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
  plugins: [react(), precompress(), pwa()],
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
      output: {
        // The libraries' own chunks (see `CHUNK_GROUPS`).
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
