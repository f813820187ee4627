import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason, recordBuild, sourceHash } from './web-build.mjs';

let root;
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const dist = () => path.join(root, 'apps/web/dist');

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ov-web-build-'));
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/domain/src/money.ts', 'export const cents = 100;');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build of the sources as they are now. */
function built() {
  write('apps/web/dist/index.html', '<script src="/assets/index.js"></script>');
  recordBuild(dist(), sourceHash(root));
}

describe('the web build is made again only when its sources changed', () => {
  it('builds when there is no build, or a build of unknown sources', () => {
    expect(buildReason(dist(), sourceHash(root))).toBe('no build yet');
    write('apps/web/dist/index.html', '');
    expect(buildReason(dist(), sourceHash(root))).toBe('a build of unknown sources');
  });

  it('skips the build when nothing it reads changed', () => {
    built();
    expect(buildReason(dist(), sourceHash(root))).toBeNull();
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['the page', 'apps/web/index.html'],
    ['the domain package', 'packages/domain/src/money.ts'],
    ['the lockfile', 'package-lock.json'],
    ['the base tsconfig', 'tsconfig.base.json'],
  ])('builds again when %s changes', (_what, file) => {
    built();
    write(file, 'changed');
    expect(buildReason(dist(), sourceHash(root))).toBe('its sources changed');
  });

  it('builds again when a web source is added or renamed', () => {
    built();
    write('apps/web/src/new-page.tsx', 'page()');
    expect(buildReason(dist(), sourceHash(root))).toBe('its sources changed');
  });

  it('ignores what the bundle never holds: tests, test helpers, dependencies, the build itself', () => {
    built();
    write('apps/web/src/main.test.tsx', 'test()');
    write('apps/web/src/test/setup.ts', 'setup()');
    write('apps/web/node_modules/x/index.js', 'x');
    write('packages/domain/node_modules/y/index.js', 'y');
    write('apps/web/dist/assets/index.js', 'bundle');
    expect(buildReason(dist(), sourceHash(root))).toBeNull();
  });
});
