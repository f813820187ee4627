#!/usr/bin/env node
// `npm run structure`: re-takes issue 27's counts from the files themselves (no hand-kept list) and
// prints them. Today most are non-zero; the goal is 0 everywhere. Exits 0 unless `--strict`, then 1
// when any count is above 0. `--list` prints every finding, not only the first few of each kind.
//
//   API modules with / without a repository   modules (apps/api/src/modules/*) whose code builds SQL;
//                                             "with" = it has a <capability>.repository.ts
//   files outside a repository with SQL        non-test files of those modules, other than repositories,
//                                             that import drizzle-orm or the schema
//   routes that are not thin                   a route handler (and the local helpers it calls) that holds
//                                             a query (uses db/tx/pool), I/O (fetch, fs, a store, the raw
//                                             socket) or calls two services (two calls on the plugin's
//                                             dependencies or on objects built in the plugin)
//   `?? create…` fallbacks                     `x ?? createSomething(…)`: a second adapter/service built
//                                             where the composition root should hand one in
//   imports into another module's internals   an import of apps/api/src/modules/<m>/<file> from outside
//                                             <m> (only `modules/<m>` = its index.ts is the door)
//   Principal from the HTTP plugin             files importing the `Principal` type from plugins/access
//                                             instead of core/principal.ts
//   capabilities with two names                a capability named differently in some layer (API module,
//                                             OpenAPI tag, web feature, domain file, e2e journey) or
//                                             living inside another capability's module
//   web: feature → other feature / → app/      imports between apps/web/src/features/<f> folders, and
//                                             from a feature into apps/web/src/app
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const args = new Set(process.argv.slice(2));
const strict = args.has('--strict');
const listAll = args.has('--list');

const API = path.join(root, 'apps/api/src');
const MODULES = path.join(API, 'modules');
const WEB = path.join(root, 'apps/web/src');
const FEATURES = path.join(WEB, 'features');

/** Capabilities whose name the issue fixes, and the other names they have had. */
const CAPABILITIES = [
  { name: 'municipalities', aliases: ['address'] },
  { name: 'dashboard', aliases: [] },
  { name: 'commercial-offices', aliases: ['offices'] },
  { name: 'contract-requests', aliases: ['contracts'] },
];

// ---------- files ----------
function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}
const isTest = (f) => /\.test\.|\.test-helpers\.|\/test\/|fuzz-cases/.test(rel(f));
const dirs = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((d) => statSync(path.join(dir, d)).isDirectory())
        .sort()
    : [];

const parsed = new Map();
function sourceOf(file) {
  let sf = parsed.get(file);
  if (!sf) {
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, sf);
  }
  return sf;
}

/** Static imports and re-exports: `{ spec, names, line }` (names = imported identifiers, `*` for a namespace). */
function importsOf(file) {
  const sf = sourceOf(file);
  const out = [];
  for (const st of sf.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
    const spec = st.moduleSpecifier.text;
    const names = [];
    const clause = ts.isImportDeclaration(st) ? st.importClause : undefined;
    if (clause?.name) names.push('default');
    const bindings = clause?.namedBindings ?? (ts.isExportDeclaration(st) ? st.exportClause : undefined);
    if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
      for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
    else if (bindings) names.push('*');
    out.push({ spec, names, line: sf.getLineAndCharacterOfPosition(st.getStart()).line + 1 });
  }
  return out;
}

/** A relative import's target, as a path without extension (or with /index dropped). */
function resolveRelative(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec).replace(/\.(ts|tsx|js|mjs)$/, '');
  return base.replace(/\/index$/, '');
}

const findings = [];
function report(kind, items) {
  findings.push({ kind, items });
}

// ---------- API modules and repositories ----------
const apiFiles = walk(API);
const modules = dirs(MODULES);
const moduleOf = (file) => {
  const r = path.relative(MODULES, file);
  return r.startsWith('..') ? null : r.split(path.sep)[0];
};
const buildsSql = (file) =>
  importsOf(file).some(
    (i) => i.spec === 'drizzle-orm' || /\/db\/schema(\/|$)/.test(i.spec) || i.spec === 'pg',
  );

const withRepo = [];
const withoutRepo = [];
const sqlOutsideRepo = [];
for (const m of modules) {
  const files = apiFiles.filter((f) => moduleOf(f) === m && !isTest(f));
  const sqlFiles = files.filter(buildsSql);
  if (!sqlFiles.length) continue;
  const repos = files.filter((f) => f.endsWith('.repository.ts'));
  (repos.length ? withRepo : withoutRepo).push(m);
  for (const f of sqlFiles) if (!f.endsWith('.repository.ts')) sqlOutsideRepo.push(rel(f));
}

// ---------- routes that are not thin ----------
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all', 'route']);
const DB_NAMES = /^(db|tx|pool|database)$/;
const IO_NAMES =
  /^(fetch|storage|.*Storage|fs|fsp|files|s3|hub|readFile|writeFile|createReadStream|createWriteStream|pipeline|spawn|exec)$/;
const GLOBALS = new Set(
  'JSON Math Object Array Promise String Number Boolean Date Buffer console URL URLSearchParams Error Set Map BigInt Reflect structuredClone encodeURIComponent decodeURIComponent parseInt parseFloat isNaN setTimeout clearTimeout setInterval clearInterval AbortSignal AbortController TextEncoder TextDecoder Symbol RegExp'.split(
    ' ',
  ),
);

function declaredNames(node) {
  const names = new Set();
  const bind = (n) => {
    if (!n) return;
    if (ts.isIdentifier(n)) names.add(n.text);
    else if (ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n))
      for (const el of n.elements) if (!ts.isOmittedExpression(el)) bind(el.name);
  };
  const visit = (n) => {
    if (ts.isVariableDeclaration(n) || ts.isParameter(n)) bind(n.name);
    if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name) names.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** Top-level and plugin-level functions of a file, by name, so a handler's helpers are read with it. */
function localFunctions(sf) {
  const fns = new Map();
  const visit = (n) => {
    if (ts.isFunctionDeclaration(n) && n.name && n.body) fns.set(n.name.text, n);
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.initializer &&
      (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))
    )
      fns.set(n.name.text, n.initializer);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return fns;
}

function rootIdentifier(expr) {
  let e = expr;
  while (
    ts.isPropertyAccessExpression(e) ||
    ts.isElementAccessExpression(e) ||
    ts.isCallExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return ts.isIdentifier(e) ? e.text : null;
}

/** `a.b.c` (a call on an object the plugin holds), not `a.b().c` (a method of a call's result). */
function onlyPropertyAccess(expr) {
  let e = expr;
  while (ts.isPropertyAccessExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return ts.isIdentifier(e);
}

function handlerOf(call) {
  const last = call.arguments[call.arguments.length - 1];
  if (last && (ts.isArrowFunction(last) || ts.isFunctionExpression(last))) return last;
  for (const a of call.arguments)
    if (ts.isObjectLiteralExpression(a))
      for (const p of a.properties) {
        if (p.name && ts.isIdentifier(p.name) && p.name.text === 'handler') {
          if (ts.isPropertyAssignment(p)) return p.initializer;
          if (ts.isMethodDeclaration(p)) return p;
        }
      }
  return null;
}

function routePath(call) {
  const first = call.arguments[0];
  if (!first) return '?';
  if (ts.isObjectLiteralExpression(first)) {
    const url = first.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'url');
    return url && ts.isPropertyAssignment(url) ? url.initializer.getText() : '?';
  }
  return first.getText().replace(/^[`'"]|[`'"]$/g, '');
}

function analyseHandler(handler, imported, fns) {
  const reasons = new Set();
  const serviceCalls = [];
  const seen = new Set();
  const read = (fn) => {
    if (seen.has(fn)) return;
    seen.add(fn);
    const locals = declaredNames(fn);
    const visit = (n) => {
      if (ts.isTaggedTemplateExpression(n) && n.tag.getText() === 'sql') reasons.add('query (sql`…`)');
      if (ts.isIdentifier(n) && DB_NAMES.test(n.text) && !locals.has(n.text) && !imported.has(n.text)) {
        const parent = n.parent;
        const isName = parent && ts.isPropertyAccessExpression(parent) && parent.name === n;
        const isKey = parent && ts.isPropertyAssignment(parent) && parent.name === n;
        if (!isName && !isKey) reasons.add(`query (${n.text})`);
      }
      if (
        ts.isPropertyAccessExpression(n) &&
        n.name.text === 'raw' &&
        /^(reply|res|req|request)$/.test(n.expression.getText())
      )
        reasons.add(`I/O (${n.expression.getText()}.raw)`);
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        const rootName = rootIdentifier(callee);
        if (ts.isIdentifier(callee) && fns.has(callee.text) && !locals.has(callee.text))
          read(fns.get(callee.text));
        if (rootName && IO_NAMES.test(rootName) && !locals.has(rootName)) reasons.add(`I/O (${rootName})`);
        if (
          rootName &&
          imported
            .get(rootName)
            ?.match(/^(node:)?(fs|fs\/promises|child_process|net|http|https|stream)$|^undici$/)
        )
          reasons.add(`I/O (${rootName})`);
        if (
          ts.isPropertyAccessExpression(callee) &&
          onlyPropertyAccess(callee.expression) &&
          rootName &&
          !locals.has(rootName) &&
          !imported.has(rootName) &&
          !GLOBALS.has(rootName) &&
          !fns.has(rootName) &&
          rootName !== 'app' &&
          !DB_NAMES.test(rootName) &&
          !IO_NAMES.test(rootName)
        )
          serviceCalls.push(callee.getText().replace(/\s+/g, ''));
      }
      ts.forEachChild(n, visit);
    };
    visit(fn.body ?? fn);
  };
  read(handler);
  if (serviceCalls.length >= 2) reasons.add(`two service calls (${[...new Set(serviceCalls)].join(', ')})`);
  return [...reasons];
}

const routeFiles = apiFiles.filter((f) => !isTest(f) && f.startsWith(MODULES));
let routeCount = 0;
const fatRoutes = [];
for (const file of routeFiles) {
  const sf = sourceOf(file);
  const imported = new Map();
  for (const i of importsOf(file)) for (const n of i.names) imported.set(n, i.spec);
  for (const st of sf.statements)
    if (
      ts.isImportDeclaration(st) &&
      st.importClause?.namedBindings &&
      ts.isNamespaceImport(st.importClause.namedBindings)
    )
      imported.set(st.importClause.namedBindings.name.text, st.moduleSpecifier.text);
  const fns = localFunctions(sf);
  const visit = (n) => {
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ROUTE_METHODS.has(n.expression.name.text) &&
      ts.isIdentifier(n.expression.expression) &&
      /^(app|fastify|instance|scope|api)$/.test(n.expression.expression.text) &&
      n.arguments.length >= 1
    ) {
      const handler = handlerOf(n);
      if (handler) {
        routeCount++;
        const reasons = analyseHandler(handler, imported, fns);
        if (reasons.length) {
          const line = sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
          fatRoutes.push(
            `${rel(file)}:${line} ${n.expression.name.text.toUpperCase()} ${routePath(n)}: ${reasons.join('; ')}`,
          );
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

// ---------- `?? create…` fallbacks ----------
const fallbacks = [];
for (const file of apiFiles.filter((f) => !isTest(f))) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\?\?\s*(create[A-Z]\w*)\s*\(/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    fallbacks.push(`${rel(file)}:${line} ?? ${m[1]}(…)`);
  }
}

// ---------- imports into another module's internals (API) ----------
const crossModule = [];
const crossModuleTests = [];
const fromOutside = [];
for (const file of apiFiles) {
  const own = moduleOf(file);
  for (const i of importsOf(file)) {
    const target = resolveRelative(file, i.spec);
    if (!target) continue;
    const r = path.relative(MODULES, target);
    if (r.startsWith('..') || !r) continue;
    const [m, ...inner] = r.split(path.sep);
    if (m === own || !inner.length) continue; // its own files, or the module's door (index.ts)
    const item = `${rel(file)}:${i.line} → modules/${r.split(path.sep).join('/')}`;
    if (isTest(file)) crossModuleTests.push(item);
    else if (own) crossModule.push(item);
    else fromOutside.push(item);
  }
}

// ---------- Principal from the HTTP plugin ----------
const principalFromPlugin = [];
for (const file of apiFiles)
  for (const i of importsOf(file))
    if (/plugins\/access$/.test(i.spec) && i.names.includes('Principal'))
      principalFromPlugin.push(`${rel(file)}:${i.line}`);

// ---------- capabilities with two names ----------
const webFeatures = dirs(FEATURES);
const journeys = existsSync(path.join(root, 'e2e/journeys'))
  ? readdirSync(path.join(root, 'e2e/journeys'))
      .filter((f) => f.endsWith('.journey.mjs'))
      .map((f) => f.replace(/\.journey\.mjs$/, ''))
  : [];
const domainFiles = existsSync(path.join(root, 'packages/domain/src'))
  ? readdirSync(path.join(root, 'packages/domain/src'))
      .filter((f) => /\.ts$/.test(f) && !f.includes('.test.'))
      .map((f) => f.replace(/\.ts$/, ''))
      .concat(dirs(path.join(root, 'packages/domain/src')))
  : [];
const apiTags = new Set();
for (const file of apiFiles.filter((f) => !isTest(f) && f.startsWith(MODULES))) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/tags\s*(?::|=)\s*\[\s*'([^']+)'/g)) apiTags.add(m[1]);
}
const twoNames = [];
for (const cap of CAPABILITIES) {
  const where = [];
  for (const alias of cap.aliases) {
    if (modules.includes(alias)) where.push(`API module '${alias}'`);
    if (apiTags.has(alias)) where.push(`OpenAPI tag '${alias}'`);
    if (webFeatures.includes(alias)) where.push(`web feature '${alias}'`);
    if (domainFiles.includes(alias)) where.push(`domain '${alias}'`);
    if (journeys.includes(alias)) where.push(`e2e journey '${alias}'`);
  }
  // Living inside another capability's module: modules/<m>/<m>.<name>.ts or <name>.routes.ts elsewhere.
  for (const m of modules) {
    if (m === cap.name) continue;
    for (const f of readdirSync(path.join(MODULES, m)))
      if (f === `${m}.${cap.name}.ts` || f === `${cap.name}.routes.ts` || f === `${cap.name}.service.ts`)
        where.push(`inside API module '${m}' (${f})`);
  }
  if (where.length) twoNames.push(`${cap.name}: ${where.join(', ')}`);
}

// ---------- web boundaries ----------
const webFeatureImports = [];
const webFeatureToApp = [];
for (const file of walk(FEATURES)) {
  const own = path.relative(FEATURES, file).split(path.sep)[0];
  for (const i of importsOf(file)) {
    const target = resolveRelative(file, i.spec);
    if (!target) continue;
    const r = path.relative(FEATURES, target);
    if (!r.startsWith('..') && r.split(path.sep)[0] !== own)
      webFeatureImports.push(`${rel(file)}:${i.line} → ${rel(target)}`);
    if (!path.relative(path.join(WEB, 'app'), target).startsWith('..') && !isTest(file))
      webFeatureToApp.push(`${rel(file)}:${i.line} → ${rel(target)}`);
  }
}

// ---------- print ----------
const dbModules = withRepo.length + withoutRepo.length;
console.log('Structure (issue 27), counted from the files\n');
console.log(
  `API modules that build SQL: ${dbModules}; with a repository: ${withRepo.length} (${withRepo.join(', ')})`,
);
report(`API modules without a repository`, withoutRepo);
report(`non-test files outside a repository that build SQL`, sqlOutsideRepo);
report(`routes that are not thin (of ${routeCount} routes)`, fatRoutes);
report('`?? create…` fallback constructions', fallbacks);
report("imports into another module's internal files (from a module)", crossModule);
report("imports into a module's internal files from outside modules (app.ts, jobs, db, lib)", fromOutside);
report("imports into another module's internal files (tests)", crossModuleTests);
report('files importing Principal from plugins/access (not core/principal.ts)', principalFromPlugin);
report('capabilities with two names', twoNames);
report('web features importing another feature', webFeatureImports);
report('web features importing app/', webFeatureToApp);

const SHOW = listAll ? Number.POSITIVE_INFINITY : 6;
let total = 0;
for (const { kind, items } of findings) {
  total += items.length;
  console.log(`\n${String(items.length).padStart(4)}  ${kind}`);
  for (const item of items.slice(0, SHOW)) console.log(`        ${item}`);
  if (items.length > SHOW) console.log(`        … ${items.length - SHOW} more (--list)`);
}
console.log(
  `\n${total} findings in all${strict ? '' : ' (npm run structure -- --strict exits 1 while any is left)'}`,
);
if (strict && total > 0) process.exit(1);
