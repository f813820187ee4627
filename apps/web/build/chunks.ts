// How the build splits the web app into chunks (`manualChunks`), read by vite.config.ts:
// the libraries' own chunks, Ant Design's groups, the entry and the signed-in area
// (docs/web-performance.md).
import type { Rollup } from 'vite';

/**
 * Library modules with a chunk of their own, so they are fetched once and stay cached across pages
 * and deployments (their hash changes only when the library does):
 * - `react`: React and React DOM (the entry imports it, so the landing page still needs nothing else).
 * - `zod`: the validation library, for the pages with a form.
 * - `qrcode`: the payment QR code.
 * - `charts`: our own SVG charts (`components/charts`), drawn by the code detail and the dashboard.
 *   Left to Rollup, they were merged into the code detail's chunk once it imported them statically,
 *   and the dashboard downloaded the whole code detail (+7 KB).
 */
const CHUNK_GROUPS: readonly [string, RegExp][] = [
  // With React, the CommonJS interop helpers its modules import (`getDefaultExportFromCjs`): left
  // to the entry, React's chunk imported the entry that imports it (a circular chunk).
  ['react', /node_modules\/(react|react-dom|scheduler)\/|^\0commonjsHelpers\.js$/],
  ['zod', /node_modules\/zod\//],
  ['qrcode', /node_modules\/(qrcode|dijkstrajs|@rc-component\/qrcode|antd\/es\/qr-code)\//],
  ['charts', /\/src\/components\/charts\//],
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

/**
 * Libraries that only the forms need and whose evaluation is a long task of its own: zod, and with
 * it every module that imports it, directly or through others (the domain's form schemas and
 * rules). None of these goes into `signed-in` or `common`: a chunk statically imports the chunks of
 * its modules' imports, so one form schema shared by two pages (the profile's, the sign-up's) made
 * every signed-in page download zod (23 KB) and evaluate it with every schema: a task of 250–300 ms
 * at 4× CPU on the code detail (docs/web-performance.md). Left to Rollup, they go with the forms.
 */
const FORM_LIBRARIES = /\/node_modules\/zod\//;

/** Every module that imports one of `FORM_LIBRARIES`' modules, directly or through others. */
function formModules(meta: Rollup.ManualChunkMeta): Set<string> {
  const found = new Set<string>();
  const stack = [...meta.getModuleIds()].filter((id) => FORM_LIBRARIES.test(id));
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importers ?? []));
  }
  return found;
}

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
  const forms = formModules(meta);
  const chunk = new Map<string, string>();
  for (const id of [...shell, ...shared]) {
    if (!forms.has(id)) chunk.set(id, anonymous.has(id) ? 'common' : 'signed-in');
  }
  area = { meta, entry, chunk };
  return area;
}

/** `manualChunks`: the libraries' groups, then the entry and the signed-in area. */
export function chunkOf(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  const vendor = vendorChunk(id, meta);
  if (vendor) return vendor;
  const { entry, chunk } = areaOf(meta);
  return entry.has(id) ? 'index' : chunk.get(id);
}
