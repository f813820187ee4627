/**
 * Imports the utility's accounts and invoices from CSV, all or nothing:
 *   npm run import -w apps/api -- --accounts accounts.csv --invoices invoices.csv
 * Prints the rejected rows (file:line: reason) and exits 1 when there are any (nothing is written).
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DEFAULT_SPACE, seedIfEmpty } from '../src/db/seed';
import { createImporterRepository, importBilling } from '../src/modules/billing';
import { parseArgs } from './progress';

const args = parseArgs(process.argv.slice(2));
if (!args.accounts && !args.invoices) {
  console.error('usage: import --accounts accounts.csv --invoices invoices.csv');
  process.exit(2);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
const resolve = (f?: string) => (f ? path.resolve(cwd, f) : undefined);
const config = loadConfig();
// The same place the server keeps its embedded database.
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await seedIfEmpty(database.db, {
  adminEmail: config.ADMIN_EMAIL,
  adminPassword: config.ADMIN_PASSWORD,
  demo: config.DEMO_DATA,
});
const started = Date.now();
const report = await importBilling(createImporterRepository(database.db), {
  accountsFile: resolve(args.accounts),
  invoicesFile: resolve(args.invoices),
  space: args.space ?? DEFAULT_SPACE,
  clientCodePattern: config.CLIENT_CODE_PATTERN,
});
await database.close();
const secs = ((Date.now() - started) / 1000).toFixed(1);
if (report.ok) {
  console.log(
    `Imported ${report.imported.accounts} accounts and ${report.imported.invoices} invoices in ${secs}s.`,
  );
} else {
  console.error(`Nothing imported: ${report.rejected.length} rejected rows.`);
  for (const r of report.rejected.slice(0, 1000))
    console.error(`${path.basename(r.file)}:${r.line}: ${r.reason}`);
  if (report.rejected.length > 1000) console.error(`… and ${report.rejected.length - 1000} more`);
  process.exitCode = 1;
}
