import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';

/**
 * Two files reach into drizzle-orm's internals, so they are written for ONE version of it:
 *
 * - `db/pool-transaction.ts` replaces the node-postgres session's `transaction` method. drizzle runs
 *   `begin` before the try/finally that gives the pooled client back, so a `begin` that fails (a
 *   connection that died idle in the pool, as all do when the database restarts) leaks a pool slot
 *   for the life of the process, and a client whose `rollback` failed goes back to the pool as if it
 *   were healthy. Upstream: drizzle-team/drizzle-orm#6023 and #6241 (also #6114, #6341; fixes
 *   proposed in #6030, #6120, #6242, none released in 0.45.x). It builds `NodePgSession` and
 *   `NodePgTransaction` itself from the session's `dialect`, `schema` and `options` fields.
 * - `lib/batch.ts` calls `executor._.session.prepareQuery(query, fields, name, arrayMode)` to run one
 *   multi-CTE statement as a NAMED prepared statement on node-postgres and PGlite: drizzle has no
 *   public way to prepare a raw `sql` statement (`db.execute` takes no name; only query builders have
 *   `.prepare(name)`). No upstream issue asks for it yet.
 *
 * When drizzle-orm moves (a Renovate bump, a `npm update`), this test fails on purpose. Then: read the
 * new `node-postgres/session.js` and `pglite/session.js`; if the transaction bug is fixed upstream,
 * delete `pool-transaction.ts` (keep `outage.test.ts`, which must still pass); otherwise check that
 * the constructor and `prepareQuery` arguments are unchanged, run `pool-transaction.test.ts`,
 * `outage.test.ts` and the payments tests on PostgreSQL and PGlite, and move WRITTEN_FOR.
 */
const WRITTEN_FOR = '0.45.4';

const drizzleDir = path.dirname(createRequire(import.meta.url).resolve('drizzle-orm'));
const installed = (
  JSON.parse(readFileSync(path.join(drizzleDir, 'package.json'), 'utf8')) as { version: string }
).version;

describe('drizzle-orm internals used by db/pool-transaction.ts and lib/batch.ts', () => {
  it(`the installed drizzle-orm is ${WRITTEN_FOR}, the version both patches were written for`, () => {
    expect(
      installed,
      `drizzle-orm ${installed} is installed, the patches were written for ${WRITTEN_FOR}: re-check them (see the comment above)`,
    ).toBe(WRITTEN_FOR);
  });

  it('the session constructors and prepareQuery still take the arguments the patches pass', () => {
    // constructor(client, dialect, schema, options = {}): the default parameter is not counted.
    expect(NodePgSession.length).toBe(3);
    expect(PgliteSession.length).toBe(3);
    // prepareQuery(query, fields, name, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig)
    expect(NodePgSession.prototype.prepareQuery.length).toBe(7);
    expect(PgliteSession.prototype.prepareQuery.length).toBe(7);
  });

  it('upstream still runs `begin` outside the try/finally that releases the client (why pool-transaction.ts exists)', () => {
    const source = readFileSync(path.join(drizzleDir, 'node-postgres/session.js'), 'utf8');
    const method = source.slice(source.indexOf('async transaction(transaction, config)'));
    const begin = method.indexOf('await tx.execute(sql`begin');
    const guarded = method.indexOf('try {');
    expect(
      begin,
      'drizzle changed its transaction method: see whether #6023/#6241 are fixed',
    ).toBeGreaterThan(0);
    expect(begin, 'begin moved inside the try: upstream may have fixed #6023/#6241').toBeLessThan(guarded);
  });
});
