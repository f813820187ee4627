/**
 * Scale-out, end to end on PostgreSQL: Debian's nginx round-robins two compiled API processes, with
 * one compiled jobs process and the compiled gateway sandbox beside them, on a fresh database — the
 * process setup of compose.yaml and docs/DEPLOY.md (files in PostgreSQL, each process its own
 * DATA_DIR). Through nginx: sign-up mailed once, an avatar served by the other process, a payment's
 * gateway notification landing on the other process and reaching the customer's open stream, a
 * permission revoked in force at once, a stale payment reconciled with one gateway query, and a
 * burst of payments with one API process stopped (figures printed). At the edge: port 80 only
 * redirects unless plain HTTP is opted in, and a TLS terminator's X-Forwarded-For/Proto give the client
 * the throttles count and HSTS. Skipped without DATABASE_URL; in
 * CI (.ci/run installs nginx) a missing nginx fails the test rather than skipping it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as connectHttp2, type IncomingHttpHeaders } from 'node:http2';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@ov/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childNginxConf,
  deployedSite,
  NGINX,
  selfSignedCertificate,
} from '../../../../scripts/nginx-child.mjs';
import { API_ROOT, REPO_ROOT } from '../config';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../db/client';
import { seedBillingDemo } from '../db/seed/billing-demo';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import { createLedgerCommercialSystem } from '../modules/billing';
import { TEST_ADMIN } from './test-admin';

const HOTEL = 'hotel.nacional@example.cu';
const MARIA = 'maria.perez@example.cu';
const CC_MARIA = '2300000000001';
const REFERENCE_TOKEN = 'scale-commercial-token';
const CC_HOTEL = '2300000000004';
const JOSE = 'jose.fernandez@example.cu';
const CC_NO_DEBT = '2300000000003';
const STAFF = 'ana.comercial@aguasdelahabana.cu';
const TM_STATUS_QUERY = 'GET /transfermovil/RestExternalPayment.svc/getStatusOrder/:externalId/:source';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls `check` (every 100 ms, up to `ms`) until it gives something truthy. */
async function until<T>(what: string, check: () => Promise<T> | T, ms = 60_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

const serverUrl = process.env.DATABASE_URL;
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

/** The same setup twice: with the built-in ledger, and in front of a commercial system over HTTP. */
for (const commercialSystem of ['ledger', 'http'] as const)
  describe.skipIf(!serverUrl || !NGINX)(
    commercialSystem === 'ledger'
      ? 'scale-out: nginx, two API processes, one jobs process (PostgreSQL)'
      : 'scale-out in front of the commercial system over HTTP (the reference one): nginx, two API processes, one jobs process (PostgreSQL)',
    () => {
      const http = commercialSystem === 'http';
      /** The reference commercial system (COMMERCIAL_SYSTEM=http only), its own schema in this run's database. */
      let reference = '';
      const children: ChildProcess[] = [];
      const logs = new Map<ChildProcess, string>();
      let dbName = '';
      let dbUrl = '';
      let lb = '';
      /** nginx's HTTPS port (HTTP/2), with this run's self-signed certificate `tlsCert`. */
      let tlsPort = 0;
      let tlsCert = '';
      const api: { port: number; child?: ChildProcess }[] = [];
      const work = mkdtempSync(path.join(tmpdir(), 'ov-scale-'));
      let sandbox = '';
      let database: Database | undefined;
      let smtp: SMTPServer | undefined;
      const mails: { to: string[]; raw: string }[] = [];
      /** A payment left pending (its notification lost) and reconciled: checked again after the burst. */
      let stale = { externalId: '', id: '' };

      function start(name: string, args: string[], env: Record<string, string>) {
        const child = spawn(process.execPath, ['--enable-source-maps', ...args], {
          cwd: REPO_ROOT,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        logs.set(child, '');
        // The last 20 kB in memory for the checks, everything in the work folder for a post-mortem.
        const file = createWriteStream(path.join(work, `${name.replace(/\W+/g, '-')}.log`));
        const keep = (b: Buffer) => {
          file.write(b);
          logs.set(child, (logs.get(child)! + b.toString()).slice(-20_000));
        };
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
        execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], {
          stdio: 'ignore',
        });
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
        const referencePort = http ? await freePort() : 0;
        reference = http ? `http://127.0.0.1:${referencePort}` : '';
        lb = `http://127.0.0.1:${lbPort}`;
        tlsPort = await freePort();
        sandbox = `http://127.0.0.1:${sandboxPort}`;
        // The mailbox the jobs process delivers to (SMTP, in this process).
        smtp = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS'],
          logger: false,
          onData(stream, session, done) {
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => {
              mails.push({
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                raw: Buffer.concat(chunks).toString(),
              });
              done();
            });
          },
        });
        await new Promise<void>((r) => smtp!.listen(0, '127.0.0.1', r));
        const smtpPort = (smtp.server.address() as { port: number }).port;
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
        const referenceChild = http
          ? start('reference', ['--import', 'tsx', 'apps/commercial-reference/src/server.ts'], {
              NODE_ENV: 'production',
              COMMERCIAL_REF_PORT: String(referencePort),
              COMMERCIAL_REF_DATABASE_URL: dbUrl,
              COMMERCIAL_REF_TOKEN: REFERENCE_TOKEN,
              LOG_LEVEL: 'warn',
            })
          : null;
        const env = {
          ...(http
            ? {
                COMMERCIAL_SYSTEM: 'http',
                COMMERCIAL_SYSTEM_URL: reference,
                COMMERCIAL_SYSTEM_TOKEN: REFERENCE_TOKEN,
                COMMERCIAL_FEED_INTERVAL_MS: '300',
                COMMERCIAL_POSTING_INTERVAL_MS: '200',
              }
            : {}),
          NODE_ENV: 'production',
          // Staff sign in with the password alone here: the second factor production asks of them has
          // its own tests (modules/factors) and journey (second-factor).
          STAFF_SECOND_FACTOR: 'false',
          DATABASE_URL: dbUrl,
          JWT_SECRET: randomBytes(32).toString('hex'),
          FACTORS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          PUBLIC_URL: lb,
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          MAIL_POLL_MS: '200',
          RECONCILE_INTERVAL_MS: '300',
          // Uploaded files in PostgreSQL (the default, said here as compose.yaml says it).
          STORAGE: 'postgres',
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
          WEB_DIST: path.join(work, 'no-web'),
          LOG_LEVEL: 'info',
          // Both API processes start at once on the empty database: the advisory lock makes one migrate.
          MIGRATE_ON_START: 'true',
        };
        for (let i = 0; i < 2; i++) api.push({ port: await freePort() });
        // Each process its own data folder, as on separate machines: nothing is shared but PostgreSQL.
        for (const a of api)
          a.child = start(`api ${a.port}`, ['apps/api/dist/server.js'], {
            ...env,
            PORT: String(a.port),
            PROCESS_ROLES: 'api',
            DATA_DIR: path.join(work, `data-${a.port}`),
          });
        const jobsPort = await freePort();
        const jobs = start('jobs', ['apps/api/dist/server.js'], {
          ...env,
          PORT: String(jobsPort),
          PROCESS_ROLES: 'jobs',
          MIGRATE_ON_START: 'false',
          DATA_DIR: path.join(work, 'data-jobs'),
        });

        // nginx as a child process (not a daemon), its own prefix, config and temp folders.
        const prefix = path.join(work, 'nginx');
        mkdirSync(path.join(prefix, 'logs'), { recursive: true });
        const conf = path.join(prefix, 'nginx.conf');
        // deploy/nginx.conf as compose.yaml and docs/DEPLOY.md use it (inside nginx's http block), with
        // this run's upstream servers, port and log folder: the file an operator deploys is the one tested.
        const upstreams = api.map((a) => `server 127.0.0.1:${a.port} max_fails=1 fail_timeout=5s;`);
        const servers = upstreams.map((line) => `  ${line}`).join('\n');
        // The certificate an operator mounts in /etc/nginx/tls: here a throwaway self-signed one.
        const tls = path.join(work, 'tls');
        mkdirSync(tls);
        selfSignedCertificate(tls);
        tlsCert = readFileSync(path.join(tls, 'fullchain.pem'), 'utf8');
        // Plain HTTP opted in (deploy/plain-http.conf, as a local trial does) and this machine named as
        // the TLS terminator in front, so a request can come "through" it with X-Forwarded-For/Proto.
        const site = deployedSite({
          servers: upstreams,
          http: `127.0.0.1:${lbPort}`,
          https: `127.0.0.1:${tlsPort}`,
          tlsDir: tls,
          accessLog: `${prefix}/logs/access.log`,
          plainHttp: true,
          terminators: ['127.0.0.1'],
        });
        expect(
          site,
          'deploy/nginx.conf has the upstream, listen, certificate and access_log lines the test replaces',
        ).toContain(`listen 127.0.0.1:${lbPort};`);
        expect(site).toContain(`listen 127.0.0.1:${tlsPort} ssl http2;`);
        expect(site).toContain(`ssl_certificate ${tls}/fullchain.pem;`);
        expect(site).toContain(servers);
        expect(site).toContain('include ');
        expect(site).toContain('deploy/plain-http.conf;');
        writeFileSync(conf, childNginxConf(prefix, site, 2048));
        const nginx = spawn(NGINX!, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
        logs.set(nginx, '');
        nginx.stderr?.on('data', (b) => logs.set(nginx, logs.get(nginx) + b.toString()));
        children.push(nginx);

        await ready(`${sandbox}/`, sandboxChild);
        if (referenceChild) await ready(`${reference}/health`, referenceChild);
        await Promise.all(api.map((a) => ready(`http://127.0.0.1:${a.port}/api/health/ready`, a.child)));
        await ready(`http://127.0.0.1:${jobsPort}/api/health/ready`, jobs);
        await ready(`${lb}/api/health/ready`);
        // The demo customers, staff and ledger (production starts without them), written beside the
        // running processes: the payment and permission checks below use them.
        database = await openDatabase({ url: dbUrl, migrate: false });
        await seedDemo(database.db);
        // With http the accounts and invoices are the reference system's (the same documented demo
        // codes): the portal keeps the links and its directory rows only.
        await seedBillingDemo(database.db, new Date(), { ledger: !http });
      }, 240_000);

      afterAll(async () => {
        await database?.close();
        await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
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
      const postJson = (body: unknown, authorization?: string): RequestInit => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
      /** Signs in on API process `i` (or through nginx) and answers the bearer header. */
      async function signIn(i: number | 'lb', email: string, password: string) {
        const body = postJson({ email, password });
        const res = i === 'lb' ? await fetch(`${lb}/api/signin`, body) : await direct(i, '/api/signin', body);
        if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
        return `Bearer ${(await res.json()).accessToken}`;
      }
      async function sandboxCall(method: 'GET' | 'POST', p: string, body?: unknown) {
        const res = await fetch(
          `${sandbox}${p}`,
          body === undefined ? { method } : { ...postJson(body), method },
        );
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }
      /** Gateway status queries the sandbox counted for one payment (its Transfermóvil ExternalId). */
      const statusQueries = async (externalId: string) =>
        ((await sandboxCall('GET', `/sandbox/calls/${externalId}`)).body[TM_STATUS_QUERY] ?? 0) as number;
      const paymentStatus = async (id: string) =>
        (
          await database!.db.execute<{ status: string }>(
            sql`select status from payment_requests where id = ${id}`,
          )
        ).rows[0]?.status;
      const logOf = (i: number) => logs.get(api[i].child!) ?? '';
      /** A call of the commercial system's contract (the reference), as the portal makes it. */
      const contract = async (p: string, init: RequestInit = {}) => {
        const res = await fetch(`${reference}${p}`, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            authorization: `Bearer ${REFERENCE_TOKEN}`,
          },
        });
        return {
          status: res.status,
          body: (await res.json()) as { rows: { invoiceNumber: string; dueCents: number }[] },
        };
      };
      /** The oldest open invoice of a code where its debts live (the ledger, or the commercial system). */
      async function oldestOpenInvoice(cc: string): Promise<{ id: string; dueCents: number }> {
        if (!http) {
          const [i] = (await createLedgerCommercialSystem(database!.db, {}).getDebt(cc)).invoices;
          return { id: i.id, dueCents: i.dueCents };
        }
        const page = await contract(`/v1/accounts/${cc}/invoices?status=open&page=1&size=100`);
        const oldest = page.body.rows.at(-1);
        if (!oldest) throw new Error(`${cc} owes nothing in the commercial system`);
        return { id: oldest.invoiceNumber, dueCents: oldest.dueCents };
      }
      /** The postings the commercial system applied for each payment id (http). */
      const postingsOf = async (ids: string[]) =>
        Promise.all(
          ids.map(
            async (id) =>
              (await fetch(`${reference}/control/postings?key=${id}`).then((r) => r.json())) as {
                amountCents: number;
              }[],
          ),
        );

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

      it('nginx serves browsers over HTTPS with HTTP/2; the API then asks for HTTPS from then on (HSTS)', async () => {
        const session = connectHttp2(`https://127.0.0.1:${tlsPort}`, { ca: tlsCert });
        try {
          const get = (p: string) =>
            new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((done, fail) => {
              const stream = session.request({ ':path': p });
              let body = '';
              let headers: IncomingHttpHeaders = {};
              stream.setEncoding('utf8');
              stream.on('response', (h) => {
                headers = h as IncomingHttpHeaders;
              });
              stream.on('data', (chunk: string) => {
                body += chunk;
              });
              stream.on('end', () => done({ status: Number(headers[':status']), headers, body }));
              stream.on('error', fail);
            });
          // Both requests on the one connection, at once.
          const [ready, me] = await Promise.all([get('/api/health/ready'), get('/api/users/me')]);
          expect(session.alpnProtocol).toBe('h2');
          expect(ready.status).toBe(200);
          expect(JSON.parse(ready.body)).toMatchObject({ status: 'ok' });
          expect(ready.headers['strict-transport-security']).toMatch(/max-age=\d+/);
          expect(me.status).toBe(401);
        } finally {
          session.close();
        }
        // Plain HTTP (a terminator in front, a trial) is no HTTPS: no HSTS there.
        const plain = await fetch(`${lb}/api/health/ready`);
        expect(plain.status).toBe(200);
        expect(plain.headers.get('strict-transport-security')).toBeNull();
      });

      it('port 80 answers only with a redirect to HTTPS, unless plain HTTP is opted in; a client’s own X-Forwarded-Proto changes nothing', async () => {
        // deploy/nginx.conf as shipped: no opt-in, no terminator named.
        const prefix = path.join(work, 'nginx-default');
        mkdirSync(path.join(prefix, 'logs'), { recursive: true });
        const port = await freePort();
        const site = deployedSite({
          servers: api.map((a) => `server 127.0.0.1:${a.port};`),
          http: `127.0.0.1:${port}`,
          https: null,
          tlsDir: path.join(work, 'tls'),
          accessLog: null,
        });
        writeFileSync(path.join(prefix, 'nginx.conf'), childNginxConf(prefix, site));
        const nginx = spawn(NGINX!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
          stdio: 'ignore',
        });
        children.push(nginx);
        try {
          const plainDefault = `http://127.0.0.1:${port}`;
          const first = await until('the default nginx', () =>
            fetch(`${plainDefault}/oficina_virtual/faqs?id=1`, { redirect: 'manual' }).catch(() => null),
          );
          expect(first.status).toBe(301);
          expect(first.headers.get('location')).toBe('https://127.0.0.1/oficina_virtual/faqs?id=1');
          const post = await fetch(`${plainDefault}/api/signin`, { ...postJson({}), redirect: 'manual' });
          expect(post.status).toBe(301);
          // A client that says it came over HTTPS is no terminator: still a redirect, nothing served.
          const claimed = await fetch(`${plainDefault}/api/health/ready`, {
            headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.99' },
            redirect: 'manual',
          });
          expect(claimed.status).toBe(301);
          expect(await claimed.text()).not.toContain('"status"');
        } finally {
          nginx.kill('SIGTERM');
        }
        // With the opt-in (the main nginx here), plain HTTP is served.
        const served = await fetch(`${lb}/api/health/ready`, { redirect: 'manual' });
        expect(served.status).toBe(200);
        expect(await served.json()).toMatchObject({ status: 'ok' });
      });

      it('through a TLS terminator: its X-Forwarded-Proto brings HSTS and its X-Forwarded-For is the client the throttles count', async () => {
        const viaTerminator = (client: string, init: RequestInit = {}) => ({
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            'x-forwarded-for': `10.9.9.9, ${client}`,
            'x-forwarded-proto': 'https',
          },
        });
        const ready = await fetch(`${lb}/api/health/ready`, viaTerminator('198.51.100.70'));
        expect(ready.status).toBe(200);
        expect(ready.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

        // 30 failed sign-ins from one client (each naming another unknown account) use up that
        // address's failures; the next one from it is refused, another client of the terminator is not.
        const fail = (client: string, k: number) =>
          fetch(
            `${lb}/api/signin`,
            viaTerminator(client, postJson({ email: `nadie.${k}@example.cu`, password: 'Mala.Clave.1' })),
          );
        const first = await Promise.all(Array.from({ length: 30 }, (_, k) => fail('198.51.100.71', k)));
        expect(first.map((r) => r.status)).toEqual(Array(30).fill(400));
        const throttled = await fail('198.51.100.71', 30);
        expect(throttled.status).toBe(429);
        const other = await fail('198.51.100.72', 31);
        expect(other.status).toBe(400);
        const logged = await database!.db.execute<{ ip: string; n: number }>(
          sql`select ip, count(*)::int as n from security_events where login like 'nadie.%' group by ip order by ip`,
        );
        expect(logged.rows).toEqual([
          { ip: '198.51.100.71', n: 31 },
          { ip: '198.51.100.72', n: 1 },
        ]);
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
        // Back on for the payments below.
        const now = await (await direct(0, '/api/settings', { headers: { authorization } })).json();
        const back = await direct(0, '/api/settings', {
          method: 'PATCH',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ transfermovilEnabled: true, version: now.version }),
        });
        expect(back.status).toBe(200);
        for (const i of [0, 1])
          await until(`Transfermóvil back on process ${i}`, async () =>
            Boolean((await (await direct(i, '/api/config')).json()).features.transfermovil),
          );
      });

      it('sign up and verify through nginx: the verification mail is sent once, by the jobs process', async () => {
        const email = `scale.${randomBytes(4).toString('hex')}@example.cu`;
        const password = 'Agua.Limpia.2026';
        const signup = await fetch(
          `${lb}/api/signup`,
          postJson({
            firstName: 'Ana',
            lastName: 'Rodríguez',
            email,
            phone: `+5356${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
            password,
            confirmPassword: password,
            clientType: 'RESIDENTIAL',
            municipality: 2,
          }),
        );
        expect(signup.status).toBe(201);
        const received = await until('the verification mail', () => {
          const mine = mails.filter((m) => m.to.includes(email));
          return mine.length ? mine : null;
        });
        // Quoted-printable text: soft line breaks out, =XX decoded.
        const text = received[0].raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
        const token = /\/oficina_virtual\/verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
        expect(token, text).toBeTruthy();
        const verified = await fetch(`${lb}/api/signup/verify`, postJson({ token }));
        expect(verified.status).toBe(200);
        for (const i of [0, 1]) await signIn(i, email, password);
        const outbox = await database!.db.execute<{ status: string }>(
          sql`select status from mail_outbox where lower("to") = ${email}`,
        );
        expect(outbox.rows).toEqual([{ status: 'SENT' }]);
        expect(mails.filter((m) => m.to.includes(email))).toHaveLength(1);
      });

      it('an avatar uploaded through one process is served by the other (files in PostgreSQL, no folder)', async () => {
        const authorization = await signIn(0, JOSE, DEMO_PASSWORD);
        const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#005aaa' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
        const up = await direct(0, '/api/files/image', {
          method: 'POST',
          headers: { authorization },
          body: form,
        });
        expect(up.status).toBe(201);
        const { image, thumb } = (await up.json()) as { image: string; thumb: string };
        for (const url of [image, thumb]) {
          const got = await direct(1, url);
          expect(got.status).toBe(200);
          expect(got.headers.get('content-type')).toBe('image/webp');
          expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('webp');
          expect((await fetch(`${lb}${url}`)).status).toBe(200);
        }
        const name = path.basename(image);
        for (const a of api)
          expect(existsSync(path.join(work, `data-${a.port}`, 'files', 'images', name))).toBe(false);
        const stored = await database!.db.execute<{ n: number }>(
          sql`select count(*)::int n from stored_objects where key in (${`images/${name}`}, ${`images/${path.basename(thumb)}`})`,
        );
        expect(stored.rows[0].n).toBe(2);
      });

      it('an invoice paid by Transfermóvil: the gateway notification lands on the other process and reaches the customer’s open stream live', async () => {
        const authorization = await signIn(0, HOTEL, DEMO_PASSWORD);
        // The customer's open page: its live stream, held by process 0.
        const stream = await direct(
          0,
          `/api/notifications/stream?access_token=${encodeURIComponent(authorization.slice(7))}`,
        );
        expect(stream.status).toBe(200);
        const reader = stream.body!.getReader();
        const decoder = new TextDecoder();
        let received = '';
        const events = () =>
          received
            .split('\n\n')
            .filter((e) => e.startsWith('event: '))
            .map((e) => ({ event: e.slice(7, e.indexOf('\n')), data: e.slice(e.indexOf('data: ') + 6) }));
        async function readUntil(found: () => boolean) {
          while (!found()) {
            const { value, done } = await reader.read();
            if (done) throw new Error(`stream ended: ${received}`);
            received += decoder.decode(value, { stream: true });
          }
        }
        await readUntil(() => events().some((e) => e.event === 'count'));

        // The payment starts on process 0.
        const invoice = await oldestOpenInvoice(CC_HOTEL);
        const created = await direct(
          0,
          '/api/payments/invoices',
          postJson(
            {
              cc: CC_HOTEL,
              invoiceIds: [invoice.id],
              method: 'TRANSFERMOVIL',
              amountCents: invoice.dueCents,
            },
            authorization,
          ),
        );
        expect(created.status).toBe(201);
        const payment = (await created.json()) as { paymentId: string; transactionCode: string };

        // nginx alternates between the two: once a probe is served by process 0, the next request
        // through nginx — the gateway's notification — goes to process 1.
        for (let i = 0; ; i++) {
          const id = `probe-${payment.paymentId}-${i}`;
          expect((await fetch(`${lb}/api/health`, { headers: { 'x-request-id': id } })).status).toBe(200);
          const { k } = await until('the probe in a log', () => {
            const at = [0, 1].find((n) => logOf(n).includes(`"reqId":"${id}"`));
            return at === undefined ? null : { k: at };
          });
          if (k === 0) break;
          if (i > 4) throw new Error('nginx does not alternate');
        }
        // The payer approves in the bank's app; the gateway notifies through nginx.
        expect(
          (await sandboxCall('POST', `/sandbox/transfermovil/${payment.transactionCode}/approve`)).status,
        ).toBe(200);
        await readUntil(() =>
          events().some((e) => {
            if (e.event !== 'notification') return false;
            const n = JSON.parse(e.data) as { payload: { paymentId?: string; body: { status: string } } };
            return n.payload.paymentId === payment.paymentId && n.payload.body.status === 'PAYED';
          }),
        );
        await reader.cancel();
        expect(await paymentStatus(payment.paymentId)).toBe('PAYED');
        expect(logOf(1)).toContain('/api/payments/transfermovil/notify');
        expect(logOf(0)).not.toContain('/api/payments/transfermovil/notify');
      });

      it.skipIf(!http)(
        'an office payment at the counter: both API processes stop showing the debt once the jobs process reads the change feed',
        async () => {
          const maria = await signIn('lb', MARIA, DEMO_PASSWORD);
          const debtOn = async (i: number) => {
            const res = await direct(i, '/api/ahab-requests/debts-ccs', postJson({ ccs: [CC_MARIA] }, maria));
            expect(res.status).toBe(200);
            return ((await res.json()) as { totalDebtCents: number; stale?: boolean }[])[0];
          };
          // Both processes have read (and keep) the code's figures.
          const before = await Promise.all([debtOn(0), debtOn(1)]);
          expect(before[0].totalDebtCents).toBe(before[1].totalDebtCents);
          const invoice = await oldestOpenInvoice(CC_MARIA);
          const started = Date.now();
          const paid = await fetch(`${reference}/oficina/pago`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              cc: CC_MARIA,
              invoiceNumber: invoice.id,
              key: `caja-${randomBytes(6).toString('hex')}`,
            }),
            redirect: 'manual',
          });
          expect(paid.status).toBe(303);
          expect(paid.headers.get('location')).toContain('ok=payment');
          const expected = before[0].totalDebtCents - invoice.dueCents;
          await until(
            'both processes show the office payment',
            async () =>
              (await debtOn(0)).totalDebtCents === expected && (await debtOn(1)).totalDebtCents === expected,
            30_000,
          );
          console.log(
            `scale-out (http): office payment seen by both API processes after ${Date.now() - started} ms`,
          );
        },
      );

      it.skipIf(!http)(
        'the commercial system down: both processes answer the last known figures with their date, and no payment starts (10)',
        async () => {
          const maria = await signIn('lb', MARIA, DEMO_PASSWORD);
          const debtOn = (i: number) =>
            direct(i, '/api/ahab-requests/debts-ccs', postJson({ ccs: [CC_MARIA] }, maria));
          for (const i of [0, 1]) expect((await debtOn(i)).status).toBe(200);
          const down = await fetch(`${reference}/control/faults`, postJson({ target: 'api', mode: 'down' }));
          expect(down.status).toBeLessThan(300);
          try {
            // A change named in the feed (as the jobs process announces it) makes every process read the
            // code again: it is down now.
            const invoice = await oldestOpenInvoice(CC_MARIA).catch(() => null);
            expect(invoice).toBeNull();
            await database!.db.execute(sql`select pg_notify('ov_cache', ${`commercial:${CC_MARIA}`})`);
            await pause(300);
            for (const i of [0, 1]) {
              const res = await debtOn(i);
              expect(res.status).toBe(200);
              const [d] = (await res.json()) as { stale?: boolean; asOf?: string }[];
              expect(d.stale).toBe(true);
              expect(Date.parse(d.asOf!)).toBeGreaterThan(Date.now() - 10 * 60_000);
            }
            const pay = await fetch(
              `${lb}/api/payments/invoices`,
              postJson({ cc: CC_MARIA, method: 'TRANSFERMOVIL', amountCents: 100 }, maria),
            );
            expect(await pay.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 10 });
          } finally {
            await fetch(`${reference}/control/faults`, postJson({ target: 'api', mode: 'none' }));
          }
        },
      );

      it('a staff permission revoked through one process is refused by the other at the next request', async () => {
        const admin = await signIn(0, TEST_ADMIN.email, TEST_ADMIN.password);
        const staff = await signIn(1, STAFF, DEMO_PASSWORD);
        const readFaqs = () => direct(1, '/api/faqs/search', postJson({ page: 1, size: 5 }, staff));
        // Process 1 has the staff member's permissions in its cache.
        expect((await readFaqs()).status).toBe(200);
        const roles = await direct(0, '/api/security/roles/search', postJson({ page: 1, size: 50 }, admin));
        expect(roles.status).toBe(200);
        const role = ((await roles.json()) as { _id: string; name: string; permissions: string[] }[]).find(
          (r) => r.name === 'COMMERCIAL_SPECIALIST',
        )!;
        expect(role.permissions).toContain(PERMISSIONS.FAQ_READ);
        const revoked = await direct(
          0,
          `/api/security/roles/${role._id}/permission`,
          postJson({ permissions: role.permissions.filter((p) => p !== PERMISSIONS.FAQ_READ) }, admin),
        );
        expect(revoked.status).toBe(200);
        const refused = await readFaqs();
        expect(refused.status).toBe(403);
      });

      it('a payment left pending (its notification lost) is reconciled by the jobs process with one gateway query', async () => {
        const jose = await signIn('lb', JOSE, DEMO_PASSWORD);
        expect(
          (await sandboxCall('POST', '/sandbox/faults', { gateway: 'transfermovil', mode: 'drop', times: 1 }))
            .status,
        ).toBe(200);
        const res = await fetch(
          `${lb}/api/payments/advance`,
          postJson({ cc: CC_NO_DEBT, method: 'TRANSFERMOVIL', amountCents: 10_000 }, jose),
        );
        expect(res.status).toBe(201);
        const p = (await res.json()) as { paymentId: string; transactionCode: string };
        expect(
          (await sandboxCall('POST', `/sandbox/transfermovil/${p.transactionCode}/approve`)).status,
        ).toBe(200);
        // Paid in the bank's app, the notification lost: still pending here, now past its timeout.
        expect(await paymentStatus(p.paymentId)).toBe('PENDING');
        await database!.db.execute(
          sql`update payment_requests set created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' where id = ${p.paymentId}`,
        );
        stale = { externalId: p.transactionCode, id: p.paymentId };
        await until('reconciliation', async () => (await paymentStatus(p.paymentId)) === 'PAYED');
        expect(await statusQueries(p.transactionCode)).toBe(1);
      });

      it('a burst of payments with one API process stopped midway: nginx moves on, none lost, none applied twice', async () => {
        const jose = await signIn('lb', JOSE, DEMO_PASSWORD);
        const PAYMENTS = 90;
        const created: { id: string; method: string }[] = [];
        let started = 0;
        const stopping = api[1].child!;
        /** A customer whose request met a stopping process (502/503 or a cut connection) tries again. */
        let retried = 0;
        async function persist(send: () => Promise<Response>) {
          for (let attempt = 0; ; attempt++) {
            const res = await send().catch(() => null);
            if (res && res.status !== 502 && res.status !== 503) return res;
            retried++;
            if (attempt === 20) throw new Error(`no answer: ${res?.status}`);
            await pause(100);
          }
        }
        const one = async (i: number) => {
          const method = i % 2 ? 'ENZONA' : 'TRANSFERMOVIL';
          const res = await persist(() =>
            fetch(
              `${lb}/api/payments/advance`,
              postJson({ cc: CC_NO_DEBT, method, amountCents: 10_000 + i }, jose),
            ),
          );
          expect(res.status).toBe(201);
          const p = (await res.json()) as {
            paymentId: string;
            transactionCode?: string;
            redirectUrl?: string;
          };
          created.push({ id: p.paymentId, method });
          if (method === 'TRANSFERMOVIL') {
            expect(
              (await sandboxCall('POST', `/sandbox/transfermovil/${p.transactionCode}/approve`)).status,
            ).toBe(200);
          } else {
            const uuid = new URL(p.redirectUrl!).pathname.split('/').pop();
            const decided = await sandboxCall('POST', `/sandbox/enzona/${uuid}/approve`);
            expect(decided.status).toBe(200);
            // The payer's browser comes back to the portal (through nginx).
            await persist(() => fetch(decided.body.redirect as string, { redirect: 'manual' }));
          }
        };
        const worker = async (w: number) => {
          for (let i = w; i < PAYMENTS; i += 6) {
            if (++started === Math.floor(PAYMENTS / 3)) stopping.kill('SIGTERM');
            await one(i);
          }
        };
        // Plain reads alongside: every one answered.
        const reads = Array.from({ length: 100 }, (_, i) =>
          pause(i * 10).then(() =>
            fetch(`${lb}/api/config`).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
        expect((await Promise.all(reads)).filter((s) => s !== 200)).toEqual([]);
        if (stopping.exitCode === null && stopping.signalCode === null)
          await new Promise((r) => stopping.once('exit', r));
        expect(stopping.exitCode).toBe(0);

        // Every payment the gateways took is settled (notifications retried, browsers returned).
        const ids = created.map((c) => c.id);
        const settled = async () =>
          (
            await database!.db.execute<{ n: number }>(
              sql`select count(*)::int n from payment_requests where status = 'PAYED' and id in ${sql.raw(`('${ids.join("','")}')`)}`,
            )
          ).rows[0].n;
        await until('the burst settled', async () => (await settled()) === ids.length, 90_000).catch(
          () => null,
        );
        const payed = await settled();
        if (http)
          // The jobs process posts each one to the commercial system (the outbox drained).
          await until(
            'the burst posted',
            async () =>
              (
                await database!.db.execute<{ n: number }>(
                  sql`select count(*)::int n from commercial_postings where status = 'POSTED' and payment_id in ${sql.raw(`('${ids.join("','")}')`)}`,
                )
              ).rows[0].n === payed,
            90_000,
          ).catch(() => null);
        const posted = http ? await postingsOf(ids) : [];
        const { rows } = await database!.db.execute<{ twice: number; ledger: string; payed: string }>(sql`
        select
          (select count(*)::int from (select payment_id from ledger_payments
             where payment_id in ${sql.raw(`('${ids.join("','")}')`)} group by payment_id having count(*) > 1) d) twice,
          (select coalesce(sum(amount_cents), 0) from ledger_payments where kind <> 'REVERSAL'
             and payment_id in ${sql.raw(`('${ids.join("','")}')`)}) ledger,
          (select coalesce(sum(amount_cents), 0) from payment_requests where status = 'PAYED'
             and id in ${sql.raw(`('${ids.join("','")}')`)}) payed`);
        const figures = {
          payments: created.length,
          lost: created.length - payed,
          appliedTwice: http ? posted.filter((p) => p.length > 1).length : rows[0].twice,
          ...(http ? { notPosted: posted.filter((p) => p.length === 0).length } : {}),
          staleGatewayQueries: await statusQueries(stale.externalId),
        };
        console.log(
          `scale-out burst (${commercialSystem}): ${figures.payments} payments (${created.filter((c) => c.method === 'ENZONA').length} EnZona), one of two API processes stopped after ${Math.floor(PAYMENTS / 3)} (${retried} requests tried again); lost ${figures.lost}, applied twice ${figures.appliedTwice}; gateway queries for the stale payment: ${figures.staleGatewayQueries}`,
        );
        expect(figures).toEqual({
          payments: PAYMENTS,
          lost: 0,
          appliedTwice: 0,
          ...(http ? { notPosted: 0 } : {}),
          staleGatewayQueries: 1,
        });
        const applied = http
          ? posted.reduce((sum, p) => sum + p.reduce((s, x) => s + x.amountCents, 0), 0)
          : Number(rows[0].ledger);
        expect(applied).toBe(Number(rows[0].payed));
      }, 150_000);
    },
  );
