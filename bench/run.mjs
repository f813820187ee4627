/**
 * Runs every bench/*.bench.mjs in turn (root `npm run bench`), or only those named by a first argument
 * that is not a flag (`npm run bench -- lists` runs bench/lists.bench.mjs; `-- lists,dashboard` both);
 * the other arguments are passed on.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const only = args[0] && !args[0].startsWith('-') ? args.shift().split(',') : null;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !only || only.includes(f.replace(/\.bench\.mjs$/, '')))
  .sort();
if (only && benches.length !== only.length) {
  console.error(`no bench named ${only.join(', ')} (bench/<name>.bench.mjs)`);
  process.exit(2);
}
let failed = 0;
for (const f of benches) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, [path.join(dir, f), ...args], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
