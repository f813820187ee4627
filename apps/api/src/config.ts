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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** The owner role's URL, used only by the migration step (`npm run db:migrate -w apps/api`). */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  ADMIN_EMAIL: z.string().email().default('admin@aguasdelahabana.cu'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin.Oficina.2026'),
  DEMO_DATA: bool(true),
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
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
});

export type Config = z.infer<typeof envSchema> & { jwtSecret: string; publicUrl: string };

/** Parses the environment once, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const cfg = parsed.data;
  if (cfg.NODE_ENV === 'production' && (!env.ADMIN_PASSWORD || !env.ADMIN_EMAIL)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set in production');
  }
  return {
    ...cfg,
    jwtSecret: cfg.JWT_SECRET ?? readOrCreateSecret(cfg.DATA_DIR),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
  };
}

/** A secret generated once per installation and kept beside the data, never a fixed default. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
