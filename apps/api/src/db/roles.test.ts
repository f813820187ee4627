import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startThrowawayCluster, type ThrowawayCluster } from '../test/throwaway-cluster';
import { awaitMigrated } from './bootstrap';
import { type Database, openDatabase, pendingMigrations } from './client';
import { migrateAsOwner } from './migrate';
import { APPEND_ONLY_TABLES } from './roles';
import { seedIfEmpty } from './seed';
import { DEMO_PASSWORD } from './seed/demo';

/**
 * The two database roles of a production install (docs/operations.md): the owner migrates in a step of
 * its own; the API's runtime role works normally but can only read and add to the audit trail, never
 * rewrite it, even by switching its triggers off. On a throwaway cluster (roles are cluster-wide).
 */
describe.skipIf(!process.env.DATABASE_URL)('database roles (PostgreSQL, throwaway cluster)', () => {
  let cluster: ThrowawayCluster;
  let database: Database;
  let runtimeUrl: string;

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create role ov_owner login password 'owner-secret'`);
    await admin.query(`create role ov_app login password 'app-secret'`);
    await admin.query('create database oficina owner ov_owner');
    await admin.end();
    const at = (user: string) => `postgres://${user}@127.0.0.1:${cluster.port}/oficina`;
    await migrateAsOwner(at('ov_owner:owner-secret'), 'ov_app');
    runtimeUrl = at('ov_app:app-secret');
    database = await openDatabase({ url: runtimeUrl, migrate: false });
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => {});
    cluster?.destroy();
  });

  it('sees, as the runtime role, that the migration step has run (as every production process does at start)', async () => {
    expect(await pendingMigrations(database)).toBe(0);
    await expect(awaitMigrated(database, () => {})).resolves.toBeUndefined();
  });

  it('runs the API as the runtime role: seeded, signed in, a profile saved and traced', async () => {
    await seedIfEmpty(database.db, {
      adminEmail: 'admin@example.cu',
      adminPassword: 'Admin.Prueba.2026',
      demo: true,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-roles-')),
      JWT_SECRET: 'r'.repeat(48),
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const signin = await app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { email: 'maria.perez@example.cu', password: DEMO_PASSWORD },
      });
      expect(signin.statusCode).toBe(200);
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${signin.json().accessToken}` },
        payload: { firstName: 'Mariela', phone: '+5355512345', email: 'maria.perez@example.cu' },
      });
      expect(saved.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const c = new pg.Client({ connectionString: runtimeUrl });
    await c.connect();
    const traced = await c.query(`select count(*)::int as n from traces where section = 'profile'`);
    expect(traced.rows[0].n).toBeGreaterThan(0);
    await c.end();
  });

  it('cannot update, delete, truncate, disable the triggers of or drop the append-only tables', async () => {
    const c = new pg.Client({ connectionString: runtimeUrl });
    await c.connect();
    try {
      for (const table of APPEND_ONLY_TABLES) {
        for (const statement of [
          `update ${table} set id = id`,
          `delete from ${table}`,
          `truncate ${table}`,
          `alter table ${table} disable trigger all`,
          `alter table ${table} disable trigger user`,
          `drop table ${table}`,
        ]) {
          await expect(c.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
        }
        expect((await c.query(`select count(*) from ${table}`)).rows).toHaveLength(1);
      }
      const triggers = await c.query(
        `select count(*)::int as n from pg_trigger where tgname like '%no_update_delete' and tgenabled = 'O'`,
      );
      expect(triggers.rows[0].n).toBe(APPEND_ONLY_TABLES.length); // every guard still on
    } finally {
      await c.end();
    }
  });
});
