import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ov-config-'));

/** Everything production requires, with payments pointed at explicitly named gateways. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://ov@db.internal:5432/oficina',
  JWT_SECRET: 'x'.repeat(48),
  FACTORS_ENCRYPTION_KEY: 'f'.repeat(48),
  PUBLIC_URL: 'https://oficina.example.cu',
  SMTP_URL: 'smtp://mail.example.cu:587',
  TRUST_PROXY: '1',
  ADMIN_EMAIL: 'admin@example.cu',
  ADMIN_PASSWORD: 'A.long.admin.password.2026',
  ENZONA_BASE_URL: 'https://api.enzona.net',
  ENZONA_CLIENT_ID: 'id',
  ENZONA_CLIENT_SECRET: 'secret',
  TRANSFERMOVIL_BASE_URL: 'https://tm.example.cu/RestExternalPayment.svc',
  TM_USERNAME: 'user',
  TM_SEED: 'seed',
  TM_SOURCE: '1234',
};

function errorOf(env: NodeJS.ProcessEnv, opts?: { purpose?: 'serve' | 'migrate' }): string {
  try {
    loadConfig(env, opts);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig', () => {
  it('development: PGlite, demo data, migrations at start, both roles, a generated secret', () => {
    const cfg = loadConfig({ DATA_DIR: dataDir() });
    // The factors' key material defaults to that secret outside production.
    expect(cfg.factorsEncryptionKey).toBe(cfg.jwtSecret);
    expect(cfg.NODE_ENV).toBe('development');
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.DEMO_DATA).toBe(true);
    expect(cfg.MIGRATE_ON_START).toBe(true);
    expect(cfg.PROCESS_ROLES).toEqual(['api', 'jobs']);
    expect(cfg.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('production with everything given: no demo data, no migration at start, the values as given', () => {
    const cfg = loadConfig({ ...production, DATA_DIR: dataDir() });
    expect(cfg.DEMO_DATA).toBe(false);
    expect(cfg.MIGRATE_ON_START).toBe(false);
    expect(cfg.TRUST_PROXY).toBe(1);
    expect(cfg.jwtSecret).toBe(production.JWT_SECRET);
    expect(cfg.factorsEncryptionKey).toBe(production.FACTORS_ENCRYPTION_KEY);
    expect(cfg.publicUrl).toBe(production.PUBLIC_URL);
  });

  it('production names every missing variable in one message', () => {
    const message = errorOf({
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'a@b.cu',
      ADMIN_PASSWORD: 'long enough 1',
    });
    expect(message).toMatch(/NODE_ENV=production/);
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'FACTORS_ENCRYPTION_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'TRUST_PROXY',
      'ENZONA_BASE_URL',
      'TM_SEED',
    ])
      expect(message).toContain(`${name}: required`);
    expect(message).not.toContain('ADMIN_EMAIL');
  });

  it('production refuses each missing piece on its own, TRUST_PROXY included (false must be said)', () => {
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'FACTORS_ENCRYPTION_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'TRUST_PROXY',
      'ADMIN_PASSWORD',
    ]) {
      const env: NodeJS.ProcessEnv = { ...production };
      delete env[name];
      const message = errorOf(env);
      expect(message).toContain(`${name}: required`);
    }
    expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('production needs no gateway settings for a gateway switched off, and takes demo data only when asked', () => {
    const env: NodeJS.ProcessEnv = { ...production, TRANSFERMOVIL_ENABLED: 'false', DEMO_DATA: 'true' };
    for (const name of ['TRANSFERMOVIL_BASE_URL', 'TM_USERNAME', 'TM_SEED', 'TM_SOURCE']) delete env[name];
    const cfg = loadConfig(env);
    expect(cfg.DEMO_DATA).toBe(true);
    expect(cfg.TRANSFERMOVIL_ENABLED).toBe(false);
  });

  it('the migration step needs only the database and the first administrator', () => {
    const env = {
      NODE_ENV: 'production',
      MIGRATION_DATABASE_URL: 'postgres://owner@db/oficina',
      ADMIN_EMAIL: 'a@b.cu',
      ADMIN_PASSWORD: 'long enough 1',
      DATA_DIR: dataDir(),
    };
    expect(loadConfig(env, { purpose: 'migrate' }).DEMO_DATA).toBe(false);
    expect(errorOf({ ...env, MIGRATION_DATABASE_URL: undefined }, { purpose: 'migrate' })).toContain(
      'DATABASE_URL: required',
    );
  });

  it('process roles: api, jobs or both; anything else is refused', () => {
    expect(loadConfig({ PROCESS_ROLES: 'api', DATA_DIR: dataDir() }).PROCESS_ROLES).toEqual(['api']);
    expect(loadConfig({ PROCESS_ROLES: ' jobs , api', DATA_DIR: dataDir() }).PROCESS_ROLES).toEqual([
      'jobs',
      'api',
    ]);
    expect(errorOf({ PROCESS_ROLES: 'api,worker', DATA_DIR: dataDir() })).toMatch(/PROCESS_ROLES/);
    expect(errorOf({ PROCESS_ROLES: ',', DATA_DIR: dataDir() })).toMatch(/PROCESS_ROLES/);
  });
});
