import { buildSandbox, DEV_DEFAULTS } from './app';

const env = process.env;
const int = (name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid configuration: ${name} must be an integer`);
  return n;
};

async function main() {
  const port = int('SANDBOX_PORT', 3100);
  const host = env.SANDBOX_HOST || '127.0.0.1';
  const app = await buildSandbox({
    publicUrl: env.SANDBOX_PUBLIC_URL || undefined,
    logger: { level: env.LOG_LEVEL || 'info', redact: ['req.headers.authorization', 'req.headers.password'] },
    enzona: {
      clientId: env.SANDBOX_ENZONA_CLIENT_ID || DEV_DEFAULTS.enzona.clientId,
      clientSecret: env.SANDBOX_ENZONA_CLIENT_SECRET || DEV_DEFAULTS.enzona.clientSecret,
      tokenTtlSeconds: int('SANDBOX_ENZONA_TOKEN_TTL', DEV_DEFAULTS.enzona.tokenTtlSeconds),
    },
    transfermovil: {
      username: env.SANDBOX_TM_USERNAME || DEV_DEFAULTS.transfermovil.username,
      seed: env.SANDBOX_TM_SEED || DEV_DEFAULTS.transfermovil.seed,
      source: env.SANDBOX_TM_SOURCE || DEV_DEFAULTS.transfermovil.source,
      retryBaseMs: int('SANDBOX_TM_RETRY_MS', DEV_DEFAULTS.transfermovil.retryBaseMs),
    },
  });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port, host });
  app.log.info(`Gateway sandbox (EnZona + Transfermóvil) on http://${host}:${port}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
