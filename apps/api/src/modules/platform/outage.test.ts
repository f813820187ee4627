import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { seedIfEmpty } from '../../db/seed';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { startThrowawayCluster, type ThrowawayCluster } from '../../test/throwaway-cluster';

/**
 * The API outlives its database: PostgreSQL (a throwaway cluster of this test, never the machine's
 * shared server) is stopped for ~10 s in the middle of a stream of profile saves. The process must
 * stay up, answer a catalogue 503 with Retry-After while the database is away (never a 500, never
 * a hang), report not-ready on /api/health/ready, and come back on its own, losing nothing it
 * acknowledged.
 */
const OUTAGE_MS = 10_000;
const NAMES = ['Ana', 'Beatriz', 'Carmen', 'Dolores', 'Elena', 'Fernanda', 'Gloria', 'Hilda'];

let cluster: ThrowawayCluster;
let database: Database;
let app: FastifyInstance;
let base: string;

interface Answer {
  status: number;
  retryAfter: string | null;
  name?: string;
  at: number;
}

async function call(pathname: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let name: string | undefined;
  try {
    name = JSON.parse(text).name;
  } catch {
    // not JSON
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), name, at: Date.now() };
}

describe.skipIf(!process.env.DATABASE_URL)('a database outage (PostgreSQL, throwaway cluster)', () => {
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    database = await openDatabase({ url: cluster.url });
    await seedIfEmpty(database.db, {
      adminEmail: 'admin@example.cu',
      adminPassword: 'Admin.Prueba.2026',
      demo: true,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-outage-')),
      JWT_SECRET: 'o'.repeat(48),
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    });
    app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    // Already closed when the test passed; a leaked connection must not hang the suite when it failed.
    await Promise.race([database?.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
    cluster?.destroy();
  });

  it('keeps the API up with 503 + Retry-After while the database is away, then recovers by itself', async () => {
    const signin = await fetch(`${base}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'maria.perez@example.cu', password: DEMO_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };

    let stopWriting = false;
    let lastSaved: string | null = null;
    const saves: Answer[] = [];
    const writer = (async () => {
      for (let i = 0; !stopWriting; i++) {
        const firstName = NAMES[i % NAMES.length];
        const answer = await call('/api/users/me', {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ firstName, phone: '+5355512345', email: 'maria.perez@example.cu' }),
        });
        saves.push(answer);
        if (answer.status === 200) lastSaved = firstName;
        if (answer.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const readyDuring: Answer[] = [];

    await new Promise((r) => setTimeout(r, 1500)); // the load runs against a healthy database
    const savedBefore = saves.filter((s) => s.status === 200).length;
    const down = Date.now();
    cluster.stop('immediate');
    while (Date.now() - down < OUTAGE_MS) {
      readyDuring.push(await call('/api/health/ready'));
      await new Promise((r) => setTimeout(r, 500));
    }
    const restart = Date.now();
    cluster.start(); // returns once the server accepts connections again
    const up = Date.now();
    let readyAgainAt = 0;
    while (!readyAgainAt && Date.now() - up < 60_000) {
      if ((await call('/api/health/ready')).status === 200) readyAgainAt = Date.now();
      else await new Promise((r) => setTimeout(r, 200));
    }
    let savedAgainAt = 0;
    while (!savedAgainAt && Date.now() - up < 60_000) {
      const after = saves.filter((s) => s.at > up && s.status === 200);
      if (after.length) savedAgainAt = after[0].at;
      else await new Promise((r) => setTimeout(r, 100));
    }
    stopWriting = true;
    await writer;

    const during = saves.filter((s) => s.at > down && s.at < up);
    const byStatus = saves.reduce<Record<number, number>>((acc, s) => {
      acc[s.status] = (acc[s.status] ?? 0) + 1;
      return acc;
    }, {});
    console.log(
      `outage: database away ${((up - down) / 1000).toFixed(1)} s; ${saves.length} profile saves ` +
        `(${JSON.stringify(byStatus)}), ${savedBefore} before the stop; the server took ` +
        `${((up - restart) / 1000).toFixed(1)} s to start; the API was ready again ` +
        `${((readyAgainAt - up) / 1000).toFixed(1)} s and the first save ${((savedAgainAt - up) / 1000).toFixed(1)} s ` +
        'after the database returned',
    );

    expect(savedBefore).toBeGreaterThan(0);
    expect(during.length).toBeGreaterThan(0);
    // Never a 500: only 200 (a save that got in before the stop) or the catalogue 503.
    for (const s of saves) expect([200, 503]).toContain(s.status);
    for (const s of [...saves, ...readyDuring].filter((x) => x.status === 503)) {
      expect(s.name).toBe('SERVICEUNAVAILABLEERROR');
      expect(Number(s.retryAfter)).toBeGreaterThan(0);
    }
    expect(readyDuring.length).toBeGreaterThan(0);
    expect(readyDuring.every((r) => r.status === 503)).toBe(true);
    expect(readyAgainAt, 'ready again').toBeGreaterThan(0);
    expect(savedAgainAt, 'a profile save succeeded again').toBeGreaterThan(0);

    // Nothing acknowledged was lost: the profile holds the last name the API said it saved.
    const me = await fetch(`${base}/api/users/me`, { headers });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { firstName: string }).firstName).toBe(lastSaved);

    // Every connection came back to the pool: a request that failed on a dead connection did not keep
    // it (a leak per outage would leave the pool empty after a few, and closing it would wait forever).
    await app.close();
    const closed = await Promise.race([
      database.close().then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 15_000)),
    ]);
    expect(closed, 'the pool closed: no connection was left checked out').toBe(true);
  }, 180_000);
});
