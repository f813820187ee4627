/** Runs every bench/*.bench.mjs in turn (root `npm run bench`); extra arguments are passed on. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
let failed = 0;
for (const f of benches) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, [path.join(dir, f), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
