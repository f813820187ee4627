import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { TEST_ADMIN } from './test-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per demo flag: a PGlite dump file, or a template database name on the server. */
    dbTemplates: { demo: string; bare: string; kind: 'pglite' | 'postgres' };
  }
}

const seedOpts = (demo: boolean) => ({
  adminEmail: TEST_ADMIN.email,
  adminPassword: TEST_ADMIN.password,
  demo,
});

/**
 * Migrating and seeding once instead of once per test file: every file then starts from a copy
 * (a PGlite dump, or CREATE DATABASE … TEMPLATE on the server).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ov-tpl-'));
    const files = { demo: path.join(dir, 'demo.tar'), bare: path.join(dir, 'bare.tar') };
    for (const [key, demo] of [
      ['demo', true],
      ['bare', false],
    ] as const) {
      const database = await openDatabase({ dataDir: null });
      await seedIfEmpty(database.db, seedOpts(demo));
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
        .$client;
      const dump = await client.dumpDataDir('none');
      writeFileSync(files[key], Buffer.from(await dump.arrayBuffer()));
      await database.close();
    }
    project.provide('dbTemplates', { ...files, kind: 'pglite' });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const suffix = randomBytes(4).toString('hex');
  const names = { demo: `ov_tpl_${suffix}_demo`, bare: `ov_tpl_${suffix}_bare` };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const [key, demo] of [
    ['demo', true],
    ['bare', false],
  ] as const) {
    await admin.query(`create database ${names[key]}`);
    const url = new URL(serverUrl);
    url.pathname = `/${names[key]}`;
    const database = await openDatabase({ url: url.toString() });
    await seedIfEmpty(database.db, seedOpts(demo));
    await database.close();
  }
  await admin.end();
  project.provide('dbTemplates', { ...names, kind: 'postgres' });
  return async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    for (const name of Object.values(names)) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
