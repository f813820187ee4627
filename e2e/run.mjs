#!/usr/bin/env node
import assert from 'node:assert/strict';
// Browser journeys against the real API serving the built SPA. Expects apps/web/dist to be built.
// Starts the API on a free port with a fresh PGlite data folder and demo data, runs every
// e2e/journeys/*.journey.mjs in order in Debian's Chromium, and exits non-zero if any journey fails.
// A failing journey leaves a screenshot of each open page in e2e/artifacts and the API log tail, and
// is run once more on a fresh API and database; it fails the run only if it fails again.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../bench/demo-api.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const screenshotDir = join(here, 'artifacts');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A first start migrates and seeds the demo (two years of payments): minutes on a loaded 2-core machine.
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 300_000);

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
  // WEB_DIST (as the API reads it) points at another build, e.g. one made beside others' builds.
  if (!existsSync(join(process.env.WEB_DIST ?? join(root, 'apps/web/dist'), 'index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  if (!existsSync(chromiumPath)) {
    console.error(`Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  mkdirSync(screenshotDir, { recursive: true });

  const launch = () =>
    chromium.launch({
      executablePath: chromiumPath,
      args: CHROMIUM_FLAGS,
    });
  const only = process.argv[2] ?? process.env.E2E_ONLY;
  const journeys = readdirSync(join(here, 'journeys'))
    .filter((file) => file.endsWith('.journey.mjs'))
    .filter((file) => !only || file.includes(only))
    .sort();
  // Journeys run in lanes, each with its own browser, API and database (E2E_LANES, default 2): a lane
  // keeps the journeys' alphabetical order, so each still runs after the same or fewer others.
  const lanes = splitIntoLanes(journeys, Math.max(1, Number(process.env.E2E_LANES ?? 2)));
  const results = await Promise.all(lanes.map((lane) => runLane(launch, lane)));
  const failed = results.flatMap((r) => r.failed);
  const flaky = results.reduce((n, r) => n + r.flaky, 0);
  if (flaky) console.log(`${flaky} journey(s) failed once and passed on a fresh run: flaky, see above.`);
  console.log(
    failed.length === 0 ? 'All journeys passed.' : `${failed.length} journey(s) failed: ${failed.join(', ')}`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}

/** Rough relative lengths (seconds on the CI machine); a journey not listed counts as 30. */
const WEIGHTS = {
  'a11y.journey.mjs': 260,
  'payments.journey.mjs': 90,
  'admin.journey.mjs': 85,
  'account.journey.mjs': 60,
};

/** Longest first onto the lightest lane; each lane then in alphabetical order. */
function splitIntoLanes(journeys, count) {
  const lanes = Array.from({ length: Math.min(count, journeys.length) || 1 }, () => ({ files: [], load: 0 }));
  const weight = (file) => WEIGHTS[file] ?? 30;
  for (const file of [...journeys].sort((a, b) => weight(b) - weight(a))) {
    const lane = lanes.reduce((min, l) => (l.load < min.load ? l : min));
    lane.files.push(file);
    lane.load += weight(file);
  }
  return lanes.map((l) => l.files.sort());
}

/** Runs one lane's journeys in order on one browser and one API; a failure is retried on a fresh one. */
async function runLane(launch, journeys) {
  const failed = [];
  let flaky = 0;
  const browser = await launch();
  let environment;
  try {
    environment = await startEnvironment();
    for (const file of journeys) {
      if (await runJourney(browser, environment, file)) continue;
      // A journey that fails is run once more, alone, on a fresh API and database (its first run left
      // data behind). One that passes then is reported as flaky; one that fails twice fails the run.
      await environment.stop();
      environment = await startEnvironment();
      if (await runJourney(browser, environment, file, 'retry')) flaky += 1;
      else failed.push(file);
      await environment.stop();
      environment = await startEnvironment();
    }
  } catch (error) {
    failed.push('(environment)');
    console.error(error?.stack ?? error);
    environment?.printLogs();
  } finally {
    await browser.close().catch(() => {});
    await environment?.stop();
  }
  return { failed, flaky };
}

/**
 * Starts the gateway sandbox and the API (serving the built SPA) on free ports with a fresh PGlite
 * data folder and demo data. Resolves once both answer.
 */
async function startEnvironment() {
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

  const printLogs = () => {
    console.error('--- API log (tail) ---');
    console.error(apiLog);
    console.error('--- sandbox log (tail) ---');
    console.error(sandboxLog);
  };
  const stop = async () => {
    await stopApi(api);
    await stopApi(sandbox);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, api);
    await waitForSandbox(sandboxUrl, sandbox);
  } catch (error) {
    printLogs();
    await stop();
    throw error;
  }
  return { baseUrl, sandboxUrl, printLogs, stop };
}

/** Runs one journey; on failure prints why, the API log tail and a screenshot of every open page. */
async function runJourney(browser, environment, file, attempt = 'first') {
  const started = Date.now();
  const { default: journey } = await import(pathToFileURL(join(here, 'journeys', file)).href);
  const label = attempt === 'retry' ? `${file} (fresh run)` : file;
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  try {
    await journey({
      browser,
      baseUrl: environment.baseUrl,
      sandboxUrl: environment.sandboxUrl,
      screenshotDir,
      assert,
    });
    console.log(`PASS ${label} (${seconds()} s)`);
    return true;
  } catch (error) {
    console.log(`FAIL ${label} (${seconds()} s)`);
    console.log(error?.stack ?? error);
    let index = 0;
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const name = `FAILED-${file.replace('.journey.mjs', '')}-${attempt}-${index++}.png`;
        await page.screenshot({ path: join(screenshotDir, name), fullPage: true }).catch(() => {});
        console.log(`  open page ${page.url()} → e2e/artifacts/${name}`);
      }
      await context.close().catch(() => {});
    }
    environment.printLogs();
    return false;
  }
}

await main();
