import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTrace } from '../../lib/traces';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

const webDist = mkdtempSync(path.join(tmpdir(), 'ov-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Oficina Virtual</title><div id="root"></div>',
);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(() => t.close());

describe('the list protocol on /api/users/search', () => {
  const search = async (payload: object, email?: string) => {
    const s = email ? await t.login(email, DEMO_PASSWORD) : await t.login();
    return t.app.inject({
      method: 'POST',
      url: '/api/users/search',
      headers: { authorization: s.authorization },
      payload,
    });
  };

  it('returns a page and the total in x-total-count', async () => {
    const res = await search({ page: 1, size: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
    expect(Number(res.headers['x-total-count'])).toBe(10);
    const last = await search({ page: 4, size: 3 });
    expect(last.json()).toHaveLength(1);
  });

  it('searches text, filters by status and sorts', async () => {
    const byText = await search({ search: 'pérez' });
    expect(byText.json().map((u: { email: string }) => u.email)).toEqual(['maria.perez@example.cu']);
    const locked = await search({ filters: [{ type: 'TERM', field: 'status', value: 'LOCK' }] });
    expect(locked.json().map((u: { status: string }) => u.status)).toEqual(['LOCK']);
    const sorted = await search({ sort: { email: 'asc' }, size: 50 });
    const emails = sorted.json().map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('treats % and _ in the search text literally', async () => {
    expect((await search({ search: '%' })).json()).toHaveLength(0);
  });

  it('refuses a customer with 403 (452) and lets a security admin in', async () => {
    const customer = await search({}, 'maria.perez@example.cu');
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 452 });
    expect((await search({}, 'elena.seguridad@aguasdelahabana.cu')).statusCode).toBe(200);
  });

  it('caps the page size', async () => {
    expect((await search({ size: 100000 })).statusCode).toBe(400);
  });
});

describe('traces', () => {
  it('are written, and the database refuses to update or delete them', async () => {
    await writeTrace(t.database.db, {
      space: 'ahab',
      type: 'UPDATE',
      owner: null,
      module: 'users',
      section: 'profile',
      entityId: 'u1',
      before: { phone: '1', passwordHash: 'secret' },
      after: { phone: '2', passwordHash: 'other' },
    });
    const rows = await t.database.db.execute(sql`select payload from traces where entity_id = 'u1'`);
    expect(rows.rows[0].payload).toEqual({ changes: { phone: { before: '1', after: '2' } } });
    await expect(t.database.db.execute(sql`update traces set module = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from traces`)).rejects.toThrow();
    const after = await t.database.db.execute(
      sql`select count(*)::int as n from traces where entity_id = 'u1'`,
    );
    expect(after.rows[0].n).toBe(1);
  });
});

describe('the web app under /oficina_virtual', () => {
  it('serves index.html for the root and for deep links, so reloads keep the route', async () => {
    for (const url of [
      '/oficina_virtual/',
      '/oficina_virtual/admin/users',
      '/oficina_virtual/payments/prepaid',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('redirects / and /oficina_virtual to /oficina_virtual/', async () => {
    for (const url of ['/', '/oficina_virtual']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/oficina_virtual/');
    }
  });

  it('serves hashed assets as immutable and 404s a missing one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/oficina_virtual/assets/app-abc123.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/oficina_virtual/assets/gone.js' })).statusCode).toBe(
      404,
    );
  });

  it('never serves a file outside the build folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oficina_virtual/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
