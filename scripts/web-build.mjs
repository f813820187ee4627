// The web app is built again only when what it is built from changed: a SHA-256 over the files of
// apps/web (not dist/ or node_modules/, nor tests), packages/domain, the lockfile and the base
// tsconfig, written beside the build as dist/.source-hash by the build itself (vite.config.ts), and
// compared by `npm start` (scripts/start.mjs) before it builds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads, relative to the repository's root. */
export const WEB_SOURCES = ['apps/web', 'packages/domain', 'package-lock.json', 'tsconfig.base.json'];
export const HASH_FILE = '.source-hash';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite']);
// Tests never reach the bundle (nor apps/web/src/test, which only tests import).
const SKIPPED_FILE = /\.test\.[cm]?[jt]sx?$/;

function filesUnder(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || full.endsWith(path.join('src', 'test'))) return [];
      return filesUnder(full);
    }
    return entry.isFile() && !SKIPPED_FILE.test(entry.name) ? [full] : [];
  });
}

/** The hash of the web app's sources under `root` (paths and contents, in a stable order). */
export function sourceHash(root, sources = WEB_SOURCES) {
  const files = sources
    .flatMap((source) => {
      const full = path.join(root, source);
      if (!existsSync(full)) return [];
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    })
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why `dist` must be built again for sources hashing to `hash`, or null when it is current. */
export function buildReason(dist, hash) {
  if (!existsSync(path.join(dist, 'index.html'))) return 'no build yet';
  const file = path.join(dist, HASH_FILE);
  if (!existsSync(file)) return 'a build of unknown sources';
  return readFileSync(file, 'utf8').trim() === hash ? null : 'its sources changed';
}

/** Marks `dist` as built from sources hashing to `hash` (the build's last step). */
export function recordBuild(dist, hash) {
  writeFileSync(path.join(dist, HASH_FILE), `${hash}\n`);
}
