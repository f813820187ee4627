// The environment a browser journey runs against: the gateway sandbox and the API (serving the built
// SPA) on free ports, with a fresh PGlite data folder and demo data. Playwright Test starts one per
// worker (e2e/fixtures.mjs); a worker that meets a failure is replaced, so a retry gets a fresh one.
// The demo is migrated and seeded once per run (`seedTemplate`, from Playwright's global setup) and
// each environment starts on a copy of that folder: a worker of each project (five of them) and every
// replaced worker used to migrate and seed its own (tens of seconds of both cores each on CI).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/demo-api.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
// A first start migrates and seeds the demo (two years of payments): minutes on a loaded 2-core machine.
export const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 300_000);

/** The variables a journey's processes never inherit: a shared database, the real gateways' credentials. */
function isolated(env) {
  const clean = { ...env };
  for (const name of [
    'DATABASE_URL',
    'MIGRATION_DATABASE_URL',
    'ENZONA_CLIENT_ID',
    'ENZONA_CLIENT_SECRET',
    'TM_USERNAME',
    'TM_SEED',
    'TM_SOURCE',
    'SANDBOX_ENZONA_CLIENT_ID',
    'SANDBOX_ENZONA_CLIENT_SECRET',
    'SANDBOX_TM_USERNAME',
    'SANDBOX_TM_SEED',
    'SANDBOX_TM_SOURCE',
  ])
    delete clean[name];
  return clean;
}

/**
 * A PGlite data folder migrated and seeded with the demo, as an API's first start leaves it (the
 * migration step, apps/api/src/db/migrate.ts); environments start on copies (DEMO_DATA_TEMPLATE).
 */
export async function seedTemplate(dir = mkdtempSync(join(tmpdir(), 'ov-e2e-template-'))) {
  const step = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/db/migrate.ts'], {
    cwd: root,
    env: { ...isolated(process.env), DATA_DIR: dir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  step.stdout.on('data', (chunk) => {
    log += chunk;
  });
  step.stderr.on('data', (chunk) => {
    log += chunk;
  });
  const code = await new Promise((done) => step.once('exit', done));
  if (code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`seeding the journeys' demo data failed (${code}):\n${log}`);
  }
  return dir;
}

async function waitForReady(baseUrl, api) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`API exited early with code ${api.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`API not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

async function waitForService(url, child, name) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`${name} not ready`);
}

function stopApi(api) {
  return new Promise((done) => {
    if (api.exitCode !== null) return done();
    const timer = setTimeout(() => api.kill('SIGKILL'), 5000);
    api.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    api.kill('SIGTERM');
  });
}

/**
 * Starts the gateway sandbox and the API (serving the built SPA) on free ports with a fresh PGlite
 * data folder and demo data. Resolves once both answer. `env`: more variables for the API.
 */
export async function startEnvironment({ commercial = false, env: extraEnv = {} } = {}) {
  const port = await freePort();
  const sandboxPort = await freePort();
  const commercialPort = commercial ? await freePort() : 0;
  const commercialUrl = commercial ? `http://127.0.0.1:${commercialPort}` : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ov-e2e-'));
  // The demo seeded once for the run (global-setup.mjs); without it this API migrates and seeds.
  if (process.env.DEMO_DATA_TEMPLATE) cpSync(process.env.DEMO_DATA_TEMPLATE, dataDir, { recursive: true });
  // The gateway sandbox (EnZona + Transfermóvil stand-ins) beside the API, configured as `npm start`
  // does (scripts/start.mjs): the same development credentials on both sides, the API's public URL
  // for EnZona's returns and Transfermóvil's notifications.
  const sandbox = spawn(process.execPath, ['--import', 'tsx', 'apps/gateway-sandbox/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_TM_RETRY_MS: '500',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let sandboxLog = '';
  const keepSandboxLog = (chunk) => {
    sandboxLog = (sandboxLog + chunk.toString()).slice(-10_000);
  };
  sandbox.stdout.on('data', keepSandboxLog);
  sandbox.stderr.on('data', keepSandboxLog);
  // With `commercial`, the reference commercial system (apps/commercial-reference, its own in-memory
  // store with the demo accounts) and the portal in front of it (COMMERCIAL_SYSTEM=http), reading its
  // change feed every 2 s and posting every second, so a story sees an office payment within seconds.
  let referenceLog = '';
  const reference = commercial
    ? spawn(process.execPath, ['--import', 'tsx', 'apps/commercial-reference/src/server.ts'], {
        cwd: root,
        env: { ...process.env, COMMERCIAL_REF_PORT: String(commercialPort), LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : null;
  const keepReferenceLog = (chunk) => {
    referenceLog = (referenceLog + chunk.toString()).slice(-10_000);
  };
  reference?.stdout.on('data', keepReferenceLog);
  reference?.stderr.on('data', keepReferenceLog);
  const env = {
    ...(commercial
      ? {
          COMMERCIAL_SYSTEM: 'http',
          COMMERCIAL_SYSTEM_URL: commercialUrl,
          COMMERCIAL_FEED_INTERVAL_MS: '2000',
          COMMERCIAL_POSTING_INTERVAL_MS: '1000',
        }
      : {}),
    // Journeys always run on a fresh embedded database, never on a shared PostgreSQL.
    ...isolated(process.env),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    PUBLIC_URL: baseUrl,
    // Every request in the log tail a failed test prints (development logs them at `debug` only).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug',
    ENZONA_BASE_URL: `${sandboxUrl}/enzona`,
    TRANSFERMOVIL_BASE_URL: `${sandboxUrl}/transfermovil/RestExternalPayment.svc`,
    // A journey's own switches (second-factor.journey.mjs: STAFF_SECOND_FACTOR=true).
    ...extraEnv,
  };
  const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let apiLog = '';
  const keepLog = (chunk) => {
    apiLog = (apiLog + chunk.toString()).slice(-20_000);
  };
  api.stdout.on('data', keepLog);
  api.stderr.on('data', keepLog);

  const printLogs = () => {
    console.error('--- API log (tail) ---');
    console.error(apiLog);
    console.error('--- sandbox log (tail) ---');
    console.error(sandboxLog);
    if (reference) console.error(`--- reference commercial system log (tail) ---\n${referenceLog}`);
  };
  const stop = async () => {
    await stopApi(api);
    await stopApi(sandbox);
    if (reference) await stopApi(reference);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, api);
    await waitForService(sandboxUrl, sandbox, 'Gateway sandbox');
    if (reference) await waitForService(commercialUrl, reference, 'Reference commercial system');
  } catch (error) {
    printLogs();
    await stop();
    throw error;
  }
  const logs = () => `--- API log (tail) ---\n${apiLog}\n--- sandbox log (tail) ---\n${sandboxLog}`;
  return { baseUrl, sandboxUrl, commercialUrl, printLogs, logs, stop };
}
