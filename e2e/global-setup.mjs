// Playwright's global setup: the demo data migrated and seeded once for the whole run, in a PGlite
// folder each worker's environment copies (environment.mjs). DEMO_DATA_TEMPLATE names one to reuse.
import { rmSync } from 'node:fs';
import { seedTemplate } from './environment.mjs';

export default async function globalSetup() {
  if (process.env.DEMO_DATA_TEMPLATE) return;
  const started = Date.now();
  const dir = await seedTemplate();
  console.log(`Demo data seeded once for every worker in ${Math.round((Date.now() - started) / 1000)} s`);
  // Workers inherit it.
  process.env.DEMO_DATA_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
