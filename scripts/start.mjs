#!/usr/bin/env node
// `npm start`: the API and, beside it, the gateway sandbox (EnZona + Transfermóvil stand-ins) with
// matching configuration. The API's PUBLIC_URL is handed to the sandbox, so EnZona's return URLs and
// Transfermóvil's notification URL (`${PUBLIC_URL}/api/payments/transfermovil/notify`) reach the API.
// Set SANDBOX=false when ENZONA_BASE_URL / TRANSFERMOVIL_BASE_URL point at the real gateways.
// The web app is built only when its sources changed since the last build (web-build.mjs), and
// beside the API's start (a first start migrates and seeds meanwhile; the API answers 503 for the
// portal's pages until the build is in). Once the portal answers, a short banner says where it is
// (start-banner.mjs). The console holds warnings and errors; LOG_LEVEL=info or debug shows more (debug:
// every request), LOG_FILE=path writes JSON lines to a file instead.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBanner } from './start-banner.mjs';
import { buildReason, sourceHash } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = Date.now();
const elapsed = (since = startedAt) => Math.round((Date.now() - since) / 1000);
const env = { ...process.env };
const port = env.PORT || '3000';
const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
const sandboxPort = env.SANDBOX_PORT || '3100';
const sandboxHost = env.SANDBOX_HOST || '127.0.0.1';
const sandboxUrl = `http://${sandboxHost}:${sandboxPort}`;
const withSandbox = !['false', '0', 'no'].includes(String(env.SANDBOX ?? 'true').toLowerCase());

// Each process is supervised on its own: if one exits unexpectedly (the API after a fatal error,
// say) it is started again after a growing pause (1 s, doubling to 30 s; back to 1 s once it has run
// for a minute) and the others keep serving. Only a signal to this launcher stops everything.
const children = new Map();
let stopping = false;
/** The web app's build, while it runs. */
let build;
function run(name, args, childEnv, pauseMs = 1000) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const pause = Date.now() - startedAt > 60_000 ? 1000 : pauseMs;
    console.error(`[start] ${name} exited (${signal ?? code}); starting it again in ${pause / 1000} s`);
    setTimeout(() => !stopping && run(name, args, childEnv, Math.min(pause * 2, 30_000)), pause);
  });
  return child;
}

function shutdown(code = 0, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  if (build && build.exitCode === null) build.kill(signal);
  const live = [...children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of live) c.kill(signal);
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(live.map((c) => new Promise((r) => c.once('exit', r)))).then(() => process.exit(code));
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => shutdown(0, sig));

// The web app (apps/web/dist), unless WEB_DIST names a build of its own.
const built = new Promise((resolve) => {
  if (env.WEB_DIST) return resolve();
  const dist = path.join(root, 'apps/web/dist');
  const reason = buildReason(dist, sourceHash(root));
  if (!reason) return resolve();
  console.log(`Building the web app (${reason})…`);
  // The API serves the folder (503 until index.html is in): it must exist when the API starts.
  mkdirSync(dist, { recursive: true });
  const vite = path.join(
    path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  // Warnings only (there are none today); the chunk table is for `npm run build`.
  build = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    env,
    stdio: 'inherit',
  });
  build.on('exit', (code, signal) => {
    if (stopping) return;
    if (code !== 0) {
      console.error(`The web app's build failed (${signal ?? code}): see above.`);
      return shutdown(1);
    }
    console.log(`Web app built in ${elapsed()} s`);
    resolve();
  });
});

// Quiet unless asked: warnings and errors, every request with LOG_LEVEL=debug, JSON lines in LOG_FILE.
const debug = ['debug', 'trace'].includes(env.LOG_LEVEL ?? '');
const apiLogLevel = env.LOG_LEVEL || (env.LOG_FILE ? 'info' : 'warn');

if (withSandbox) {
  run('gateway sandbox', ['--import', 'tsx', 'apps/gateway-sandbox/src/server.ts'], {
    ...env,
    LOG_LEVEL: env.SANDBOX_LOG_LEVEL || (debug ? env.LOG_LEVEL : 'warn'),
    SANDBOX_PORT: sandboxPort,
    SANDBOX_HOST: sandboxHost,
    SANDBOX_PUBLIC_URL: env.SANDBOX_PUBLIC_URL || sandboxUrl,
    // The same credentials the API uses (both default to the shared development ones).
    SANDBOX_ENZONA_CLIENT_ID: env.ENZONA_CLIENT_ID || '',
    SANDBOX_ENZONA_CLIENT_SECRET: env.ENZONA_CLIENT_SECRET || '',
    SANDBOX_TM_USERNAME: env.TM_USERNAME || '',
    SANDBOX_TM_SEED: env.TM_SEED || '',
    SANDBOX_TM_SOURCE: env.TM_SOURCE || '',
  });
}

// COMMERCIAL_REFERENCE=true also starts the reference commercial system (apps/commercial-reference:
// the /v1 contract, the office-cashier page at /oficina) on COMMERCIAL_REF_PORT (3200) and puts the
// portal in front of it (COMMERCIAL_SYSTEM=http). Off by default: the portal uses its built-in ledger.
const withReference = ['true', '1', 'yes'].includes(String(env.COMMERCIAL_REFERENCE ?? '').toLowerCase());
const referencePort = env.COMMERCIAL_REF_PORT || '3200';
if (withReference) {
  run('reference commercial system', ['--import', 'tsx', 'apps/commercial-reference/src/server.ts'], {
    ...env,
    COMMERCIAL_REF_PORT: referencePort,
  });
}

run('API', ['--import', 'tsx', 'apps/api/src/server.ts'], {
  ...env,
  LOG_LEVEL: apiLogLevel,
  PORT: port,
  PUBLIC_URL: publicUrl,
  ...(withReference
    ? {
        COMMERCIAL_SYSTEM: env.COMMERCIAL_SYSTEM || 'http',
        COMMERCIAL_SYSTEM_URL: env.COMMERCIAL_SYSTEM_URL || `http://127.0.0.1:${referencePort}`,
      }
    : {}),
  ...(withSandbox
    ? {
        ENZONA_BASE_URL: env.ENZONA_BASE_URL || `${sandboxUrl}/enzona`,
        TRANSFERMOVIL_BASE_URL:
          env.TRANSFERMOVIL_BASE_URL || `${sandboxUrl}/transfermovil/RestExternalPayment.svc`,
      }
    : {}),
});

// The banner, once the web app is built and the API answers ready.
const host = !env.HOST || ['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST;
async function ready() {
  await built;
  while (!stopping) {
    try {
      if ((await fetch(`http://${host}:${port}/api/health/ready`)).status === 200) return true;
    } catch {
      // Not listening yet (a first start migrates and seeds before it listens).
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return false;
}
ready().then((up) => {
  if (up && !stopping)
    console.log(
      startBanner({
        env: { ...env, LOG_LEVEL: apiLogLevel },
        publicUrl,
        sandboxUrl: withSandbox ? sandboxUrl : null,
        seconds: elapsed(),
      }),
    );
});
