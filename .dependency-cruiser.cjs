/**
 * Boundaries (issue 27), checked by `npm run lint` (→ `npm run lint:boundaries`, in CI through .ci/run):
 *   api-module-door          an API module's files are reached only through its index.ts
 *   web-feature-isolation    a web feature imports no other feature
 *   web-feature-no-app       a web feature imports nothing from apps/web/src/app
 *   domain-stays-pure        packages/domain imports its own files and its declared dependencies only
 * Test files are held to the same rules. Paths are relative to the folder depcruise runs in (the root).
 * `scripts/boundaries.test.mjs` proves each rule fails on a forbidden import.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'api-module-door',
      comment:
        'Only modules/<m>/index.ts is the door of an API module: import `modules/<m>`, not `modules/<m>/<file>` ' +
        '(a test helper others use goes to apps/api/src/test or is exported from the index). docs/HELPERS.md',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/.+',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-module-door',
      comment:
        'Outside the modules (app.ts, container.ts, jobs, db, lib, test, scripts) a module is reached only through its index.ts.',
      severity: 'error',
      from: { pathNot: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/modules/[^/]+/.+', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'web-feature-isolation',
      comment: 'Web features do not import each other: shared bits go to src/components or src/lib.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-no-app',
      comment:
        'A web feature does not import the app shell (apps/web/src/app); what it needs goes to src/components or src/lib.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'domain-stays-pure',
      comment:
        'packages/domain imports only its own files and the dependencies its package.json declares (zod, dayjs): ' +
        'nothing from apps/, no Node built-ins, no undeclared package.',
      severity: 'error',
      from: { path: '^packages/domain/', pathNot: '(\\.test\\.ts|/vitest\\.config\\.ts)$' },
      to: { pathNot: '^packages/domain/', dependencyTypesNot: ['npm'] },
    },
    {
      name: 'domain-stays-pure',
      comment:
        "packages/domain's tests and vitest config may use vitest besides the domain's own files and declared dependencies.",
      severity: 'error',
      from: { path: '^packages/domain/.*(\\.test\\.ts|/vitest\\.config\\.ts)$' },
      to: {
        pathNot: ['^packages/domain/', '(^|/)node_modules/(vitest|@vitest)/'],
        dependencyTypesNot: ['npm'],
      },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file: a typo, or a package that is not installed.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/(node_modules|dist|\\.data)/|^e2e/artifacts/' },
    tsPreCompilationDeps: true,
    // Type-only imports count: a type from another module's internals is still a reach inside it.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
