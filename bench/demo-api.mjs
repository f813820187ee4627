// Shared by the browser benchmarks: the API with demo data on a fresh embedded database, and the
// Chromium flags of the benchmarks and the browser tests (e2e/playwright.config.mjs): headless, as root in a
// container, no background traffic.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts the API (serving the built web app) with demo data in a temporary folder; `stop()` removes it. */
export async function startDemoApi({ name = 'bench', readyTimeoutMs = 300_000 } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `ov-${name}-`));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true' };
  env.LOG_LEVEL = 'warn';
  delete env.DATABASE_URL;
  const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-8000);
  };
  api.stdout.on('data', keep);
  api.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`API exited (${api.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`API not ready after ${readyTimeoutMs / 1000} s:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    async stop() {
      if (api.exitCode === null) {
        const exited = new Promise((r) => api.once('exit', r));
        api.kill('SIGTERM');
        const timer = setTimeout(() => api.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
