/**
 * Prepares the billing benchmark's database (run by billing.bench.mjs with tsx): seeds N accounts if
 * needed, creates bench customers each linked to two codes, and prints the EXPLAIN ANALYZE of the hot
 * queries. Output: one JSON line on stdout.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROLE_NAMES } from '@ov/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { accounts, clientCodeLinks, roles, userRoles, users } from '../apps/api/src/db/schema';
import { DEFAULT_SPACE, seedIfEmpty } from '../apps/api/src/db/seed';

const [, , url, dataDir, accountsArg, usersArg] = process.argv;
const N = Number(accountsArg);
const U = Number(usersArg);
const open = () => openDatabase(url ? { url } : { dataDir });
const REPO = path.resolve(import.meta.dirname, '..');

let database = await open();
await seedIfEmpty(database.db, {
  adminEmail: 'admin@bench.local',
  adminPassword: 'Bench.Admin.2026',
  demo: false,
});
const [{ n }] = await database.db
  .select({ n: sql<number>`count(*)::int` })
  .from(accounts)
  .where(like(accounts.cc, '24%'));
if (n < N) {
  await database.close();
  process.stderr.write(`seeding ${N - n} accounts…\n`);
  execFileSync(
    'npx',
    ['tsx', 'apps/api/scripts/seed-volume.ts', '--accounts', String(N - n), '--start', String(n + 1)],
    {
      cwd: REPO,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: seedEnv(),
    },
  );
  database = await open();
}
const db = database.db;
function seedEnv() {
  const env: NodeJS.ProcessEnv = { ...process.env, DEMO_DATA: 'false' };
  if (url) env.DATABASE_URL = url;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.dirname(dataDir);
  }
  return env;
}
const cc = (i: number) => `24${String(i).padStart(11, '0')}`;
const existing = await db
  .select({ id: users.id, email: users.email })
  .from(users)
  .where(like(users.email, 'bench-%@bench.local'));
if (existing.length < U) {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.space, DEFAULT_SPACE), eq(roles.name, ROLE_NAMES.USER)));
  const step = Math.max(2, Math.floor(N / (2 * U)));
  await db.transaction(async (tx) => {
    for (let k = existing.length; k < U; k++) {
      const [u] = await tx
        .insert(users)
        .values({
          space: DEFAULT_SPACE,
          email: `bench-${k}@bench.local`,
          firstName: 'Bench',
          lastName: String(k),
          status: 'ACTIVE',
          verified: true,
          clientType: 'RESIDENTIAL',
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: u.id, roleId: role.id });
      await tx.insert(clientCodeLinks).values([
        { userId: u.id, cc: cc(1 + 2 * k * step), space: DEFAULT_SPACE },
        { userId: u.id, cc: cc(2 + 2 * k * step), space: DEFAULT_SPACE },
      ]);
    }
  });
}
await db.execute(sql`analyze client_code_links`);
await db.execute(sql`analyze users`);
const bench = await db
  .select({ id: users.id, cc: clientCodeLinks.cc })
  .from(users)
  .innerJoin(clientCodeLinks, eq(clientCodeLinks.userId, users.id))
  .where(like(users.email, 'bench-%@bench.local'));
const byUser = new Map<string, string>();
for (const b of bench) byUser.set(b.id, b.cc);
const sample = bench[Math.floor(bench.length / 2)];
const pair = bench.filter((b) => b.id === sample.id).map((b) => b.cc);

async function explain(label: string, q: ReturnType<typeof sql>) {
  const res = await db.execute(sql`explain (analyze, buffers, costs off) ${q}`);
  const rows =
    (res as unknown as { rows: Record<string, string>[] }).rows ??
    (res as unknown as Record<string, string>[]);
  return { label, plan: rows.map((r) => Object.values(r)[0]).join('\n') };
}
const ccList = sql.join(
  pair.map((c) => sql`${c}`),
  sql`, `,
);
const plans = [
  await explain(
    'debts-ccs: codes of the caller',
    sql`select cc, created_at from client_code_links where user_id = ${sample.id} order by created_at, cc`,
  ),
  await explain(
    'debts-ccs: debt per code (partial index of unpaid invoices)',
    sql`select cc, coalesce(sum(greatest(invoiced_cents - paid_cents - bonus_cents, 0)), 0), count(*) filter (where greatest(invoiced_cents - paid_cents - bonus_cents, 0) > 0), min(issued_on) from invoices where cc in (${ccList}) and status <> 'PAID' group by cc`,
  ),
  await explain(
    'invoice-cc: a page of invoices, newest first, with the total (one statement)',
    sql`select *, (select count(*)::int from invoices as c where c.cc = ${pair[0]} and c.issued_on >= '-infinity'::date and c.issued_on <= 'infinity'::date) from invoices where cc = ${pair[0]} and issued_on >= '-infinity'::date and issued_on <= 'infinity'::date order by issued_on desc nulls last, id asc limit 10 offset 0`,
  ),
];
await database.close();
process.stdout.write(`${JSON.stringify({ users: [...byUser].map(([id, c]) => ({ id, cc: c })), plans })}\n`);
