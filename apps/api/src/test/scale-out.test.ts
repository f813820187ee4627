/**
 * Scale-out, end to end on PostgreSQL: Debian's nginx round-robins two compiled API processes, with
 * one compiled jobs process and the compiled gateway sandbox beside them, on a fresh database — the
 * process setup of compose.yaml and docs/DEPLOY.md. Skipped without DATABASE_URL; in CI (.ci/run
 * installs nginx) a missing nginx fails the test rather than skipping it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, REPO_ROOT } from '../config';
import { MIGRATIONS_FOLDER } from '../db/client';
import { TEST_ADMIN } from './test-admin';

const serverUrl = process.env.DATABASE_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (serverUrl && !NGINX && process.env.CI)
  throw new Error('nginx is required for the scale-out test (apt-get install nginx-light)');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!serverUrl || !NGINX)(
  'scale-out: nginx, two API processes, one jobs process (PostgreSQL)',
  () => {
    const children: ChildProcess[] = [];
    const logs = new Map<ChildProcess, string>();
    let dbName = '';
    let dbUrl = '';
    let lb = '';
    const api: { port: number; child?: ChildProcess }[] = [];
    const work = mkdtempSync(path.join(tmpdir(), 'ov-scale-'));

    function start(name: string, args: string[], env: Record<string, string>) {
      const child = spawn(process.execPath, ['--enable-source-maps', ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      logs.set(child, '');
      const keep = (b: Buffer) => logs.set(child, (logs.get(child)! + b.toString()).slice(-20_000));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      child.on('exit', (code, signal) =>
        logs.set(child, `${logs.get(child)}\n[${name} exited ${signal ?? code}]`),
      );
      children.push(child);
      return child;
    }
    async function ready(url: string, child?: ChildProcess) {
      for (let i = 0; i < 600; i++) {
        if (child && child.exitCode !== null) throw new Error(`exited before ready:\n${logs.get(child)}`);
        const ok = await fetch(url).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`not ready: ${url}\n${child ? logs.get(child) : ''}`);
    }

    beforeAll(async () => {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'ignore' });
      dbName = `ov_scale_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const u = new URL(serverUrl!);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();

      const sandboxPort = await freePort();
      const lbPort = await freePort();
      lb = `http://127.0.0.1:${lbPort}`;
      const sandbox = `http://127.0.0.1:${sandboxPort}`;
      const sandboxChild = start('sandbox', ['apps/gateway-sandbox/dist/server.js'], {
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_PUBLIC_URL: sandbox,
        LOG_LEVEL: 'warn',
        // Not the development credentials: production refuses those.
        SANDBOX_ENZONA_CLIENT_ID: 'scale-enzona',
        SANDBOX_ENZONA_CLIENT_SECRET: 'scale-enzona-secret',
        SANDBOX_TM_USERNAME: 'scale-tm',
        SANDBOX_TM_SEED: 'scale-tm-seed',
        SANDBOX_TM_SOURCE: '8001',
      });
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: dbUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: lb,
        SMTP_URL: 'smtp://127.0.0.1:1', // nothing is mailed in these checks
        TRUST_PROXY: '1',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ENZONA_BASE_URL: `${sandbox}/enzona`,
        ENZONA_CLIENT_ID: 'scale-enzona',
        ENZONA_CLIENT_SECRET: 'scale-enzona-secret',
        TRANSFERMOVIL_BASE_URL: `${sandbox}/transfermovil/RestExternalPayment.svc`,
        TM_USERNAME: 'scale-tm',
        TM_SEED: 'scale-tm-seed',
        TM_SOURCE: '8001',
        DATA_DIR: path.join(work, 'data'),
        WEB_DIST: path.join(work, 'no-web'),
        LOG_LEVEL: 'info',
        // Both API processes start at once on the empty database: the advisory lock makes one migrate.
        MIGRATE_ON_START: 'true',
      };
      for (let i = 0; i < 2; i++) api.push({ port: await freePort() });
      for (const a of api)
        a.child = start(`api ${a.port}`, ['apps/api/dist/server.js'], {
          ...env,
          PORT: String(a.port),
          PROCESS_ROLES: 'api',
        });
      const jobsPort = await freePort();
      const jobs = start('jobs', ['apps/api/dist/server.js'], {
        ...env,
        PORT: String(jobsPort),
        PROCESS_ROLES: 'jobs',
        MIGRATE_ON_START: 'false',
      });

      // nginx as a child process (not a daemon), its own prefix, config and temp folders.
      const prefix = path.join(work, 'nginx');
      mkdirSync(path.join(prefix, 'logs'), { recursive: true });
      const conf = path.join(prefix, 'nginx.conf');
      writeFileSync(
        conf,
        `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 2048; }
http {
  # The caller's x-request-id when given (the API keeps it only if short and safe), else nginx's own.
  map $http_x_request_id $ov_request_id { default $http_x_request_id; "" $request_id; }
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${prefix}/client_body; proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  upstream ov_api {
${api.map((a) => `    server 127.0.0.1:${a.port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${lbPort};
    location / {
      proxy_pass http://ov_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $ov_request_id;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
      );
      const nginx = spawn(NGINX!, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
      logs.set(nginx, '');
      nginx.stderr?.on('data', (b) => logs.set(nginx, logs.get(nginx) + b.toString()));
      children.push(nginx);

      await ready(`${sandbox}/`, sandboxChild);
      await Promise.all(api.map((a) => ready(`http://127.0.0.1:${a.port}/api/health/ready`, a.child)));
      await ready(`http://127.0.0.1:${jobsPort}/api/health/ready`, jobs);
      await ready(`${lb}/api/health/ready`);
    }, 240_000);

    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      await Promise.all(
        children.map((c) =>
          c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)),
        ),
      );
      if (dbName) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    }, 60_000);

    const direct = (i: number, p: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${api[i].port}${p}`, init);

    it('both API processes, started at once on an empty database, are ready; migrations applied once, seeded once', async () => {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      const m = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const admins = await c.query('select count(*)::int as n from users where email = $1', [
        TEST_ADMIN.email,
      ]);
      await c.end();
      expect(m.rows[0].n).toBe(journal.entries.length);
      expect(admins.rows[0].n).toBe(1);
      const seeded = api.filter((a) => logs.get(a.child!)!.includes('empty database seeded'));
      expect(seeded).toHaveLength(1);
      expect(API_ROOT).toBeTruthy();
    });

    it('nginx spreads requests over both processes and the request id follows them', async () => {
      const pids = new Set<string>();
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${lb}/api/health`, { headers: { 'x-request-id': `scale-${i}` } });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-request-id')).toBe(`scale-${i}`);
      }
      for (const a of api) if (logs.get(a.child!)!.includes('"reqId":"scale-')) pids.add(String(a.port));
      expect(pids.size).toBe(2);
    });

    it('a token from one process works on the other; a setting changed through one is in force on both', async () => {
      const signin = await direct(0, '/api/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      });
      expect(signin.status).toBe(200);
      const authorization = `Bearer ${(await signin.json()).accessToken}`;
      const current = await (await direct(1, '/api/settings', { headers: { authorization } })).json();
      expect(current.version).toBeTypeOf('number');
      const patch = await direct(1, '/api/settings', {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ transfermovilEnabled: false, version: current.version }),
      });
      expect(patch.status).toBe(200);
      // The other process hears the change (NOTIFY) before, at worst shortly after, its next request.
      let seen = true;
      for (let i = 0; i < 50 && seen; i++) {
        seen = (await (await direct(0, '/api/config')).json()).features.transfermovil;
        if (seen) await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe(false);
      for (let i = 0; i < 4; i++)
        expect((await (await fetch(`${lb}/api/config`)).json()).features.transfermovil).toBe(false);
    });

    it('one API process stopped during a burst: nginx moves on, every request answered', async () => {
      const burst = Array.from({ length: 200 }, (_, i) =>
        new Promise((r) => setTimeout(r, i * 5)).then(() =>
          fetch(`${lb}/api/config`).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      setTimeout(() => api[1].child!.kill('SIGTERM'), 200);
      const statuses = await Promise.all(burst);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const stopped = api[1].child!;
      if (stopped.exitCode === null && stopped.signalCode === null)
        await new Promise((r) => stopped.once('exit', r));
      expect(api[1].child!.exitCode).toBe(0);
    });
  },
);
