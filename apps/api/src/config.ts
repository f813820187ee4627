import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
export const API_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(API_ROOT, '../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/** A switch whose default depends on NODE_ENV: undefined when not given. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

export const PROCESS_ROLE_NAMES = ['api', 'jobs'] as const;
export type ProcessRole = (typeof PROCESS_ROLE_NAMES)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** The owner role's URL, used only by the migration step (`npm run db:migrate -w apps/api`). */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  /**
   * Where uploaded images and generated documents go (lib/storage): `postgres` (a table on the
   * database, shared by every process: the default), `local` (DATA_DIR/files, one process or a
   * shared mount) or `s3` (an S3-compatible bucket: S3_BUCKET, S3_REGION, S3_ENDPOINT…).
   */
  STORAGE: z.enum(['postgres', 'local', 's3']).default('postgres'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** A server other than AWS (MinIO, Ceph, Garage…): its URL, usually with S3_FORCE_PATH_STYLE=true. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  /** Without them the SDK's default chain (AWS_* environment, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prepended to every object key (e.g. `oficina/`), to share a bucket. */
  S3_PREFIX: z
    .string()
    .default('')
    .refine((p) => p === '' || /^[A-Za-z0-9._/-]+$/.test(p), 'letters, digits, . _ - and / only'),
  ADMIN_EMAIL: z.string().email().default('admin@aguasdelahabana.cu'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin.Oficina.2026'),
  /** Demo people and ledger on first start: on by default, off in production unless set to true. */
  DEMO_DATA: optionalBool,
  /**
   * What this process does (comma-separated): `api` serves HTTP, `jobs` runs the background work
   * (mail outbox, payment reconciliation), each pass under a PostgreSQL advisory lock. Default both.
   */
  PROCESS_ROLES: z
    .string()
    .default('api,jobs')
    .transform((v, ctx): ProcessRole[] => {
      const roles = [...new Set(v.split(',').map((r) => r.trim().toLowerCase()))].filter(Boolean);
      const unknown = roles.filter((r) => !(PROCESS_ROLE_NAMES as readonly string[]).includes(r));
      if (unknown.length || !roles.length) {
        ctx.addIssue({ code: 'custom', message: `give api, jobs or api,jobs (not ${JSON.stringify(v)})` });
        return z.NEVER;
      }
      return roles as ProcessRole[];
    }),
  /**
   * Apply migrations and the first seed at start (under an advisory lock, so processes starting
   * together migrate once). Default on, off in production where `npm run migrate` is its own step.
   */
  MIGRATE_ON_START: optionalBool,
  /** How long a stopping process waits for requests and jobs in flight before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Oficina Virtual <no-reply@aguasdelahabana.cu>'),
  /** How often the mail worker looks for due mails. */
  MAIL_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** Shape of a client code given at sign-up (utilities differ; design §2). */
  CLIENT_CODE_PATTERN: z
    .string()
    .default('^\\d{8,15}$')
    .refine((p) => {
      try {
        new RegExp(p);
        return true;
      } catch {
        return false;
      }
    }, 'not a valid regular expression'),
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Seals the authenticator-app secrets kept in the database (AES-256-GCM, issue 30). Required in
   * production, the same in every process, and never changed (the apps set up under it stop opening);
   * elsewhere derived from the JWT secret.
   */
  FACTORS_ENCRYPTION_KEY: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Staff (any permission beyond a customer's) must present a second factor (a passkey or an
   * authenticator app) at sign-in, and set one up at their next sign-in (issue 30). On by default in
   * production; off elsewhere unless set, so the demo staff sign in with their password alone.
   */
  STAFF_SECOND_FACTOR: optionalBool,
  /**
   * WebAuthn (passkeys): the relying party id and the page origins allowed. Default: PUBLIC_URL's
   * host and origin (outside production an IP address host also allows `localhost` on that port,
   * since browsers refuse passkeys on bare IP addresses).
   */
  WEBAUTHN_RP_ID: z.string().min(1).optional(),
  WEBAUTHN_ORIGINS: z.string().min(1).optional(),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Logs as JSON lines appended to this file instead of the console, with a line per request at
   * `info` (as in production; on the development console requests are logged at `debug`).
   */
  LOG_FILE: z.string().min(1).optional(),
  /**
   * Which proxies' X-Forwarded-For to believe: `false` (none), a hop count (`1` behind one nginx) or
   * a comma-separated list of the proxies' addresses/CIDRs. `true` would believe any client-written
   * header (a stranger could then dodge every per-address limit or pin one on a victim): refused.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const value = (v ?? 'false').trim();
      if (['', 'false', '0', 'no'].includes(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (['true', 'yes'].includes(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'trusts any client-written X-Forwarded-For; give the proxy hop count (e.g. 1) or their addresses',
        });
        return z.NEVER;
      }
      return value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    }),
  /**
   * Keep client codes' debt summaries between requests (kept current by the database's triggers,
   * migration 0009). Off only to measure or to rule the copies out while diagnosing.
   */
  DEBTS_CACHE: bool(true),
  // Payments and gateways (dev defaults match apps/gateway-sandbox; production points at the real ones).
  PAYMENTS_ENABLED: bool(true),
  ENZONA_ENABLED: bool(true),
  ENZONA_BASE_URL: z.string().url().default('http://127.0.0.1:3100/enzona'),
  ENZONA_CLIENT_ID: z.string().min(1).default('ov-dev-enzona-client'),
  ENZONA_CLIENT_SECRET: z.string().min(1).default('ov-dev-enzona-secret'),
  TRANSFERMOVIL_ENABLED: bool(true),
  TRANSFERMOVIL_BASE_URL: z
    .string()
    .url()
    .default('http://127.0.0.1:3100/transfermovil/RestExternalPayment.svc'),
  TM_USERNAME: z.string().min(1).default('ov-dev-tm'),
  TM_SEED: z.string().min(1).default('ov-dev-tm-seed'),
  TM_SOURCE: z.string().min(1).default('8001'),
  /** Smallest advance deposit, in cents ($100.00), and the bonus percent it earns. */
  ADVANCE_MIN_CENTS: z.coerce.number().int().min(1).default(10000),
  ADVANCE_BONUS_PERCENT: z.coerce.number().int().min(0).max(100).default(5),
  /** Minutes a payment may stay PENDING before reconciliation asks the gateway and expires it (11). */
  PAYMENT_PENDING_TIMEOUT_MIN: z.coerce.number().int().min(1).default(30),
  /** How often the reconciliation job runs (not in NODE_ENV=test). */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(60000),
  /**
   * The utility's commercial system (design §7): `ledger`, the built-in one on our own tables (the
   * default), or `http`, any system speaking contracts/commercial-system.v1.yaml at
   * COMMERCIAL_SYSTEM_URL with COMMERCIAL_SYSTEM_TOKEN (the reference one: `npm run commercial:reference`).
   */
  COMMERCIAL_SYSTEM: z.enum(['ledger', 'http']).default('ledger'),
  COMMERCIAL_SYSTEM_URL: z.string().url().default('http://127.0.0.1:3200'),
  COMMERCIAL_SYSTEM_TOKEN: z.string().min(1).default('ov-dev-commercial-token'),
  /** How long a read of the commercial system may take before the last known figures are shown. */
  COMMERCIAL_TIMEOUT_MS: z.coerce.number().int().min(50).default(2500),
  /** The reads' circuit breaker: this many failures in a row open it for COMMERCIAL_BREAKER_OPEN_MS. */
  COMMERCIAL_BREAKER_FAILURES: z.coerce.number().int().min(1).default(5),
  COMMERCIAL_BREAKER_OPEN_MS: z.coerce.number().int().min(100).default(15000),
  /** How often the jobs process reads the commercial system's change feed (http only). */
  COMMERCIAL_FEED_INTERVAL_MS: z.coerce.number().int().min(100).default(10000),
  /** How often the jobs process posts confirmed payments waiting in the outbox (http only). */
  COMMERCIAL_POSTING_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** How often the jobs process folds past days' payment rollup shards (migration 0030; the dashboard). */
  ROLLUP_FOLD_INTERVAL_MS: z.coerce.number().int().min(100).default(300000),
});

type Parsed = z.infer<typeof envSchema>;
export type Config = Omit<Parsed, 'DEMO_DATA' | 'MIGRATE_ON_START' | 'STAFF_SECOND_FACTOR'> & {
  DEMO_DATA: boolean;
  MIGRATE_ON_START: boolean;
  STAFF_SECOND_FACTOR: boolean;
  jwtSecret: string;
  /** FACTORS_ENCRYPTION_KEY, or (outside production) the JWT secret: the key material, not the key. */
  factorsEncryptionKey: string;
  publicUrl: string;
};

/**
 * What production must be told rather than guess (a per-process secret, a per-process data folder,
 * the sandbox gateways, a mailbox nobody reads): each name with the reason it is needed.
 * `migrate` is the migration step, which needs only the database and the first administrator.
 */
function missingInProduction(env: NodeJS.ProcessEnv, cfg: Parsed, purpose: 'serve' | 'migrate') {
  const given = (name: string) => (env[name] ?? '').trim() !== '';
  const need: [string, string][] = [
    ['ADMIN_EMAIL', 'the first super-administrator, created by the first seed'],
    ['ADMIN_PASSWORD', 'the first super-administrator, created by the first seed'],
  ];
  if (purpose === 'migrate') {
    if (!given('DATABASE_URL') && !given('MIGRATION_DATABASE_URL'))
      need.push(['DATABASE_URL', 'PostgreSQL (or MIGRATION_DATABASE_URL, the owner role)']);
  } else {
    need.push(
      ['DATABASE_URL', 'PostgreSQL; the embedded PGlite is for one development machine'],
      ['JWT_SECRET', 'shared by every API process (≥ 32 characters), or they refuse each other’s tokens'],
      [
        'FACTORS_ENCRYPTION_KEY',
        'seals the authenticator-app secrets (≥ 32 characters, the same in every process, never changed)',
      ],
      ['PUBLIC_URL', 'the address customers use, for links in e-mails and gateway return URLs'],
      ['SMTP_URL', 'outgoing mail; without it mail would be marked sent and never delivered'],
      ['TRUST_PROXY', 'explicit: the load balancer hop count (1), its addresses, or false'],
    );
    if (cfg.COMMERCIAL_SYSTEM === 'http')
      for (const name of ['COMMERCIAL_SYSTEM_URL', 'COMMERCIAL_SYSTEM_TOKEN'])
        need.push([name, 'the utility’s commercial system (the defaults are the reference one)']);
    if (cfg.PAYMENTS_ENABLED && cfg.ENZONA_ENABLED)
      for (const name of ['ENZONA_BASE_URL', 'ENZONA_CLIENT_ID', 'ENZONA_CLIENT_SECRET'])
        need.push([name, 'EnZona (the defaults are the sandbox); or ENZONA_ENABLED=false']);
    if (cfg.PAYMENTS_ENABLED && cfg.TRANSFERMOVIL_ENABLED)
      for (const name of ['TRANSFERMOVIL_BASE_URL', 'TM_USERNAME', 'TM_SEED', 'TM_SOURCE'])
        need.push([name, 'Transfermóvil (the defaults are the sandbox); or TRANSFERMOVIL_ENABLED=false']);
  }
  return need.filter(([name]) => !given(name));
}

/**
 * Parses the environment once, failing fast with every problem listed (the server prints the message
 * and exits before listening). `purpose: 'migrate'` is the migration step's lighter requirement.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { purpose = 'serve' }: { purpose?: 'serve' | 'migrate' } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const cfg = parsed.data;
  const production = cfg.NODE_ENV === 'production';
  const storageProblems = storageMisconfiguration(env, cfg, production);
  if (storageProblems.length)
    throw new Error(`Invalid configuration:\n${storageProblems.map((l) => `  ${l}`).join('\n')}`);
  if (production) {
    const missing = missingInProduction(env, cfg, purpose);
    if (missing.length) {
      const lines = missing.map(([name, why]) => `  ${name}: required (${why})`).join('\n');
      throw new Error(`Invalid configuration for NODE_ENV=production, missing:\n${lines}`);
    }
  }
  return {
    ...cfg,
    DEMO_DATA: cfg.DEMO_DATA ?? !production,
    MIGRATE_ON_START: cfg.MIGRATE_ON_START ?? !production,
    STAFF_SECOND_FACTOR: cfg.STAFF_SECOND_FACTOR ?? production,
    ...secrets(cfg),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
  };
}

/** The JWT secret (generated once per installation if not given) and the factors' key material. */
function secrets(cfg: Parsed) {
  const jwtSecret = cfg.JWT_SECRET ?? readOrCreateSecret(cfg.DATA_DIR);
  return { jwtSecret, factorsEncryptionKey: cfg.FACTORS_ENCRYPTION_KEY ?? jwtSecret };
}

/** STORAGE=s3 needs its bucket (and, in production, an explicit region); credentials come in pairs. */
function storageMisconfiguration(env: NodeJS.ProcessEnv, cfg: Parsed, production: boolean) {
  if (cfg.STORAGE !== 's3') return [];
  const problems: string[] = [];
  if (!cfg.S3_BUCKET) problems.push('S3_BUCKET: required with STORAGE=s3');
  if (production && !(env.S3_REGION ?? '').trim())
    problems.push('S3_REGION: required with STORAGE=s3 in production (the bucket’s region)');
  if (!cfg.S3_ACCESS_KEY_ID !== !cfg.S3_SECRET_ACCESS_KEY)
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both, or neither (the SDK’s default chain)',
    );
  return problems;
}

/** Whether this process serves HTTP / runs the background work. */
export const hasRole = (config: Pick<Config, 'PROCESS_ROLES'>, role: ProcessRole) =>
  config.PROCESS_ROLES.includes(role);

/** A secret generated once per installation and kept beside the data, never a fixed default. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
