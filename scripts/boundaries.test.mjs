// The boundary lint (`npm run lint:boundaries`, dependency-cruiser with .dependency-cruiser.cjs) fails on a
// forbidden import: each case writes one throwaway file into a small fixture tree in a temporary folder,
// runs the lint there with the repository's config and expects a non-zero exit naming the rule.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');

/** A tree that keeps every rule: modules reached through their index, features apart, a pure domain. */
const CLEAN = {
  'tsconfig.base.json': JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' },
  }),
  'apps/api/src/modules/billing/index.ts': "export { ledger } from './ledger';\n",
  'apps/api/src/modules/billing/ledger.ts': 'export const ledger = 1;\n',
  'apps/api/src/modules/billing/ledger.test.ts':
    "import { ledger } from './ledger';\nexport const own = ledger;\n",
  'apps/api/src/modules/payments/payments.service.ts':
    "import { ledger } from '../billing';\nexport const p = ledger;\n",
  'apps/api/src/modules/payments/payments.test.ts':
    "import { ledger } from '../billing/index';\nimport { p } from './payments.service';\nexport const t = ledger + p;\n",
  'apps/api/src/app.ts': "import { ledger } from './modules/billing';\nexport const app = ledger;\n",
  'apps/web/src/app/shell.ts': "import { a } from '../features/a/a';\nexport const shell = a;\n",
  'apps/web/src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'apps/web/src/features/a/a.ts': "import { format } from '../../lib/format';\nexport const a = format(1);\n",
  'apps/web/src/features/b/b.ts': "import { format } from '../../lib/format';\nexport const b = format(2);\n",
  'packages/domain/package.json': JSON.stringify({ name: '@ov/domain', dependencies: { zod: '*' } }),
  'packages/domain/src/money.ts': "import { z } from 'zod';\nexport const cents = z.number().int();\n",
  'packages/domain/src/money.test.ts':
    "import { expect } from 'vitest';\nimport { cents } from './money';\nexpect(cents).toBeDefined();\n",
};

/** One forbidden import per case: [rule, file, contents]. */
const FORBIDDEN = [
  [
    'api-module-door',
    'apps/api/src/modules/payments/payments.ledger.test.ts',
    "import { ledger } from '../billing/ledger';\nexport const x = ledger;\n",
  ],
  [
    'api-module-door',
    'apps/api/src/modules/payments/payments.books.ts',
    "import { ledger } from '../billing/ledger';\nexport const x = ledger;\n",
  ],
  [
    'api-module-door',
    'apps/api/src/jobs/nightly.ts',
    "import { ledger } from '../modules/billing/ledger';\nexport const x = ledger;\n",
  ],
  [
    'api-module-door',
    'apps/api/src/test/billing-world.ts',
    "import type { ledger } from '../modules/billing/ledger';\nexport type X = typeof ledger;\n",
  ],
  [
    'web-feature-isolation',
    'apps/web/src/features/a/uses-b.ts',
    "import { b } from '../b/b';\nexport const x = b;\n",
  ],
  [
    'web-feature-isolation',
    'apps/web/src/features/a/uses-b.test.ts',
    "import { b } from '../b/b';\nexport const x = b;\n",
  ],
  [
    'web-feature-no-app',
    'apps/web/src/features/b/uses-shell.ts',
    "import { shell } from '../../app/shell';\nexport const x = shell;\n",
  ],
  [
    'domain-stays-pure',
    'packages/domain/src/from-api.ts',
    "import { ledger } from '../../../apps/api/src/modules/billing';\nexport const x = ledger;\n",
  ],
  [
    'domain-stays-pure',
    'packages/domain/src/uses-fs.ts',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  ],
  [
    'domain-stays-pure',
    'packages/domain/src/undeclared.ts',
    "import { describe } from 'vitest';\nexport const x = describe;\n",
  ],
];

let dir;
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};

function lint() {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [depcruise, '--config', config, '--output-type', 'err', 'apps', 'packages'],
      { cwd: dir },
      (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ov-boundaries-'));
  // The fixture resolves zod and vitest from the repository's installed packages.
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(CLEAN)) write(file, text);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('boundary lint', () => {
  it('passes a tree that keeps the boundaries', async () => {
    const { code, output } = await lint();
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it.each(FORBIDDEN)('fails with %s on %s', async (rule, file, text) => {
    write(file, text);
    try {
      const { code, output } = await lint();
      expect(code).not.toBe(0);
      expect(output).toMatch(new RegExp(`error ${rule}: ${file.replaceAll('.', '\\.')} →`));
    } finally {
      rmSync(path.join(dir, file));
    }
  });
});
