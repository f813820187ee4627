import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { composeApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Container } from '../container';
import { type Database, openDatabase } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { TEST_ADMIN } from './test-admin';

export const ADMIN = TEST_ADMIN;
export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's configuration, to start another API process on the same database. */
  config: Config;
  /** What the app was built from (src/container.ts): services a test calls directly, e.g. `payments.reconcileOnce()`. */
  container: Container;
  /** Signs in and returns the bearer header for that user. */
  login(
    email?: string,
    password?: string,
  ): Promise<{ authorization: string; refreshToken: string; space: string }>;
  close(): Promise<void>;
}

/**
 * A whole app on a fresh database: an in-memory PGlite, or, when DATABASE_URL is set, a new database
 * created on that server for this test file and dropped afterwards.
 */
export async function createTestApp(
  opts: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  const templates = inject('dbTemplates');
  const template = opts.demo === false ? templates.bare : templates.demo;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `ov_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ pgliteTemplate: new Blob([readFileSync(template)]) });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-test-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    ...opts.env,
  });
  const { app, container } = await composeApp({ config, database, logger: false });
  await app.ready();

  return {
    app,
    database,
    config,
    container,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await app.inject({ method: 'POST', url: '/api/signin', payload: { email, password } });
      if (res.statusCode !== 200)
        throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return {
        authorization: `Bearer ${body.accessToken}`,
        refreshToken: body.refreshToken,
        space: body.space,
      };
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
