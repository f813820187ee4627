import { buildReference, DEV_TOKEN } from './app';

const env = process.env;
const int = (name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid configuration: ${name} must be an integer`);
  return n;
};

async function main() {
  const port = int('COMMERCIAL_REF_PORT', 3200);
  const host = env.COMMERCIAL_REF_HOST || '127.0.0.1';
  const token = env.COMMERCIAL_REF_TOKEN || DEV_TOKEN;
  if (env.NODE_ENV === 'production' && token === DEV_TOKEN)
    throw new Error('Invalid configuration: COMMERCIAL_REF_TOKEN must be set in production');
  const { app } = await buildReference({
    token,
    databaseUrl: env.COMMERCIAL_REF_DATABASE_URL || 'memory',
    schema: env.COMMERCIAL_REF_SCHEMA || undefined,
    demoAccounts: int('COMMERCIAL_REF_DEMO_ACCOUNTS', 300),
    control: !['false', '0', 'no'].includes(String(env.COMMERCIAL_REF_CONTROL ?? 'true').toLowerCase()),
    logger: { level: env.LOG_LEVEL || 'info', redact: ['req.headers.authorization'] },
  });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port, host });
  app.log.info(
    `Reference commercial system on http://${host}:${port} (cashier: /oficina, contract: /openapi.yaml)`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
