// The edge a customer's browser reaches in production: deploy/nginx.conf's HTTPS listener (TLS and
// HTTP/2, docs/DEPLOY.md "HTTPS and HTTP/2") in front of the demo API. For the browser
// benchmarks' `--edge`: over plain HTTP/1.1 a browser opens six connections per host and a signed-in
// page's 15–20 requests after the entry queue on them; over HTTP/2 they share one.
// Debian's nginx as a child process (never a service), a throwaway self-signed certificate
// (scripts/nginx-child.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childNginxConf, deployedSite, NGINX, selfSignedCertificate } from '../scripts/nginx-child.mjs';
import { freePort } from './demo-api.mjs';

/** Chromium's flag for the throwaway certificate (the benchmarks' browser only). */
export const EDGE_CHROMIUM_FLAGS = ['--ignore-certificate-errors'];

/** Starts the edge in front of `upstream`; `url` is its https origin, `stop()` ends it and removes its files. */
export async function startEdge(upstream) {
  if (!NGINX) throw new Error('--edge needs nginx (apt-get install nginx-light)');
  const dir = mkdtempSync(join(tmpdir(), 'ov-edge-'));
  mkdirSync(join(dir, 'logs'));
  selfSignedCertificate(dir);
  const port = await freePort();
  const site = deployedSite({
    servers: [`server ${upstream.replace('http://', '')};`],
    http: null,
    https: `127.0.0.1:${port}`,
    tlsDir: dir,
    accessLog: null,
  });
  writeFileSync(join(dir, 'nginx.conf'), childNginxConf(dir, site));
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  for (let attempt = 0; ; attempt++) {
    const open = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(() => done(true)));
      socket.on('error', () => done(false));
    });
    if (open) break;
    if (attempt > 50 || nginx.exitCode !== null) {
      throw new Error(`nginx did not start: ${readFileSync(join(dir, 'logs/error.log'), 'utf8')}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url: `https://127.0.0.1:${port}`,
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((done) => nginx.once('exit', done));
        nginx.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
