#!/usr/bin/env node
import assert from 'node:assert/strict';
// Browser journeys against the real API serving the built SPA. Expects apps/web/dist to be built.
// Starts the API on a free port with a fresh PGlite data folder and demo data, runs every
// e2e/journeys/*.journey.mjs in order in Debian's Chromium, and exits non-zero if any journey fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const screenshotDir = join(here, 'artifacts');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const READY_TIMEOUT_MS = 120_000;

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
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

async function waitForSandbox(sandboxUrl, sandbox) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (sandbox.exitCode !== null)
      throw new Error(`Gateway sandbox exited early with code ${sandbox.exitCode}`);
    try {
      if ((await fetch(`${sandboxUrl}/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error('Gateway sandbox not ready');
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

async function main() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  if (!existsSync(chromiumPath)) {
    console.error(`Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  mkdirSync(screenshotDir, { recursive: true });

  const port = await freePort();
  const sandboxPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ov-e2e-'));
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
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    PUBLIC_URL: baseUrl,
    ENZONA_BASE_URL: `${sandboxUrl}/enzona`,
    TRANSFERMOVIL_BASE_URL: `${sandboxUrl}/transfermovil/RestExternalPayment.svc`,
  };
  // Journeys always run on a fresh embedded database, never on a shared PostgreSQL.
  delete env.DATABASE_URL;
  for (const name of [
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
    delete env[name];
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

  let browser;
  let failures = 0;
  try {
    await waitForReady(baseUrl, api);
    await waitForSandbox(sandboxUrl, sandbox);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const only = process.argv[2] ?? process.env.E2E_ONLY;
    const journeys = readdirSync(join(here, 'journeys'))
      .filter((file) => file.endsWith('.journey.mjs'))
      .filter((file) => !only || file.includes(only))
      .sort();
    for (const file of journeys) {
      const started = Date.now();
      const { default: journey } = await import(pathToFileURL(join(here, 'journeys', file)).href);
      try {
        await journey({ browser, baseUrl, sandboxUrl, screenshotDir, assert });
        console.log(`PASS ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failures += 1;
        console.log(`FAIL ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        console.log(error?.stack ?? error);
      }
    }
  } catch (error) {
    failures += 1;
    console.error(error?.stack ?? error);
    console.error('--- API log (tail) ---');
    console.error(apiLog);
    console.error('--- sandbox log (tail) ---');
    console.error(sandboxLog);
  } finally {
    await browser?.close().catch(() => {});
    await stopApi(api);
    await stopApi(sandbox);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failures === 0 ? 'All journeys passed.' : `${failures} journey(s) failed.`);
  process.exit(failures === 0 ? 0 : 1);
}

await main();
