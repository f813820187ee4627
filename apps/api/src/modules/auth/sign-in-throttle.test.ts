import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { traces } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (email: string, password: string, ip = '203.0.113.10', devices?: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email, password, ...(devices ? { devices } : {}) },
    remoteAddress: ip,
  });

/** Lets the delay earned so far run out, as if the attacker had waited it. */
const waitOutDelay = (key: string) =>
  t.database.db.execute(
    sql`update rate_limits set blocked_until = now() - interval '1 millisecond' where key = ${key}`,
  );

/** Keeps the delay running for a while, as if the guesses came faster than the machine answers. */
const holdDelay = (key: string) =>
  t.database.db.execute(
    sql`update rate_limits set blocked_until = now() + interval '10 minutes' where key = ${key}`,
  );

describe('sign-in throttle per account: a growing delay across every address, never a lock', () => {
  it('checks 5 guesses from 4 addresses, then makes each further guess wait 1, 2, 4… s (capped)', async () => {
    const email = 'maria.perez@example.cu';
    const ips = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const checked: number[] = [];
    for (let i = 0; i < 5; i++) checked.push((await signin(email, `wrong-${i}`, ips[i % 4])).statusCode);
    expect(checked).toEqual([400, 400, 400, 400, 400]);
    const [row] = (
      await t.database.db.execute(sql`select key from rate_limits where key like 'signin-account:%'`)
    ).rows as { key: string }[];
    // The first delay is 1 s; a loaded machine can take longer than that between two requests, so the
    // burst below is sent while the delay still runs (as an attacker's would be), whatever the clock.
    await holdDelay(row.key);
    const burst: number[] = [];
    for (let i = 5; i < 40; i++) burst.push((await signin(email, `wrong-${i}`, ips[i % 4])).statusCode);
    expect(burst.filter((s) => s === 429)).toHaveLength(35);

    const refused = await signin(email, DEMO_PASSWORD, '198.51.100.9'); // even the right password waits
    expect(refused.json()).toMatchObject({ name: 'TOOMANYREQUESTSERROR', reference: 490 });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      await waitOutDelay(row.key);
      expect((await signin(email, 'otra-mala', ips[i % 4])).statusCode).toBe(400);
      const next = await signin(email, 'otra-mala', ips[i % 4]);
      expect(next.statusCode).toBe(429);
      waits.push(Number(next.headers['retry-after']));
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);

    // After the delay the owner gets in, and the account's count starts again.
    await waitOutDelay(row.key);
    expect((await signin(email, DEMO_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    expect((await signin(email, 'wrong', '198.51.100.9')).statusCode).toBe(400);
  });

  it('lets the owner in from a browser they signed in from before while a stranger is being slowed', async () => {
    const email = 'jose.fernandez@example.cu';
    const first = await signin(email, DEMO_PASSWORD, '198.51.100.20');
    expect(first.statusCode).toBe(200);
    const device = first.json().deviceToken as string;
    expect(device).toMatch(/^[0-9a-f-]{36}\.[0-9a-f-]{36}\.[\w-]+$/);

    for (let i = 0; i < 12; i++) await signin(email, `guess-${i}`, `203.0.113.${30 + i}`);
    expect((await signin(email, DEMO_PASSWORD, '198.51.100.21')).statusCode).toBe(429);
    // The owner's browser presents its device token: its own door, not slowed by the stranger.
    const owner = await signin(email, DEMO_PASSWORD, '198.51.100.21', [device]);
    expect(owner.statusCode).toBe(200);
    // A token of another account, or a forged one, does not open that door.
    const forged = `${device.split('.').slice(0, 2).join('.')}.AAAA`;
    expect((await signin(email, DEMO_PASSWORD, '198.51.100.22', [forged])).statusCode).toBe(429);
  });

  it('lets only one of 20 parallel guesses past the free attempts (the count is atomic)', async () => {
    const email = 'hotel.nacional@example.cu';
    for (let i = 0; i < 4; i++) await signin(email, `wrong-${i}`, '203.0.113.60');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signin(email, `burst-${i}`, `203.0.113.${61 + i}`)),
    );
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(19);
  });
});

describe('sign-in throttle per address, across accounts (password spraying)', () => {
  it('checks 30 failures from one address, then answers 429 to that address only', async () => {
    const ip = '203.0.113.200';
    const answers: number[] = [];
    for (let i = 0; i < 33; i++)
      answers.push((await signin(`rociado${i}@example.cu`, 'Verano2026', ip)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429, 429]);
    expect((await signin('escuela.marti@example.cu', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    expect((await signin('escuela.marti@example.cu', DEMO_PASSWORD, '198.51.100.40')).statusCode).toBe(200);
  });
});

describe('the security log', () => {
  it('records every sign-in outcome apart from the business traces, readable with TRACE:READ', async () => {
    await signin('escuela.marti@example.cu', 'mala', '198.51.100.50');
    const admin = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/security-log/search',
      headers: { authorization: admin.authorization },
      payload: { search: 'escuela.marti', size: 50 },
    });
    expect(res.statusCode).toBe(200);
    const events = res.json() as { result: string; reason: string | null; ip: string; userId: string }[];
    expect(events[0]).toMatchObject({ result: 'refused', reason: 'password', ip: '198.51.100.50' });
    expect(events.some((e) => e.result === 'ok')).toBe(true);
    expect(events.some((e) => e.reason === 'throttled')).toBe(true);
    const authTraces = await t.database.db.select().from(traces).where(sql`${traces.module} = 'auth'`);
    expect(authTraces).toEqual([]);

    const customer = await t.login('maria.perez@example.cu', DEMO_PASSWORD).catch(() => null);
    if (customer) {
      const denied = await t.app.inject({
        method: 'POST',
        url: '/api/security-log/search',
        headers: { authorization: customer.authorization },
        payload: {},
      });
      expect(denied.statusCode).toBe(403);
    }
    // Append-only, like the traces.
    await expect(t.database.db.execute(sql`delete from security_events`)).rejects.toThrow();
  });

  it('never keeps a typed name that cannot be an e-mail or username (a password in the wrong box)', async () => {
    const secret = 'Mi Clave$Secreta 2026';
    expect((await signin(secret, 'x', '198.51.100.60')).statusCode).toBe(400);
    expect((await signin('nadie@example.cu', 'x', '198.51.100.60')).statusCode).toBe(400);
    expect((await signin('usuario.inventado', 'x', '198.51.100.60')).statusCode).toBe(400);
    const logged = (
      await t.database.db.execute(
        sql`select login, reason from security_events where ip = '198.51.100.60' order by id`,
      )
    ).rows as { login: string; reason: string }[];
    expect(logged).toEqual([
      { login: '', reason: 'unknown-account' },
      { login: 'nadie@example.cu', reason: 'unknown-account' },
      { login: 'usuario.inventado', reason: 'unknown-account' },
    ]);
    const stored = JSON.stringify([
      ...(await t.database.db.execute(sql`select * from security_events`)).rows,
      ...(await t.database.db.execute(sql`select * from rate_limits`)).rows,
    ]).toLowerCase();
    expect(stored).not.toContain('clave$secreta');
  });
});

describe('password recovery cannot be used up by a stranger', () => {
  it('drops a stranger’s excess requests silently; the owner’s own browser still gets its mail', async () => {
    const email = 'maria.perez@example.cu';
    const forgot = (ip: string, devices?: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email, ...(devices ? { devices } : {}) },
        remoteAddress: ip,
      });
    const mails = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })
        ).json() as { kind: string }[]
      ).filter((m) => m.kind === 'password-reset').length;
    const before = await mails();
    for (let i = 0; i < 6; i++) expect((await forgot(`203.0.113.${100 + i}`)).statusCode).toBe(200);
    expect(await mails()).toBe(before + 1); // one a minute to that address; the rest dropped, not 429

    const device = (await signin(email, DEMO_PASSWORD, '198.51.100.60', [])).json().deviceToken as string;
    const own = await forgot('198.51.100.60', [device]);
    expect(own.statusCode).toBe(200);
    expect(await mails()).toBe(before + 2);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses `true` (any client could write the header)', () => {
    const base = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ ...base }).TRUST_PROXY).toBe(false);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('behind one proxy, a client-written X-Forwarded-For neither dodges the limit nor blames a victim', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const attempt = (spoofed: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/signin',
          payload: { email: `nadie.${spoofed}@example.cu`, password: 'x' },
          remoteAddress: '127.0.0.1', // the proxy
          headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.250` }, // the proxy appended the client
        });
      for (let i = 0; i < 30; i++) await attempt(`198.51.100.${i}`);
      expect((await attempt('198.51.100.99')).statusCode).toBe(429);
      const logged = await proxied.database.db.execute(sql`select distinct ip from security_events`);
      expect(logged.rows).toEqual([{ ip: '203.0.113.250' }]);
    } finally {
      await proxied.close();
    }
  });
});
