import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { traces } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

const JOSE_CC = '2300000000003'; // José's code, without debt: he may deposit in advance

let t: TestApp;
let admin: string;
let jose: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  jose = (await t.login('jose.fernandez@example.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  authorization?: string,
  payload?: object,
  app = t.app,
) => app.inject({ method, url, payload, headers: authorization ? { authorization } : {} });
const current = async () => (await call('GET', '/api/settings', admin)).json();

describe('settings (ADMIN)', () => {
  it('starts from the environment and is closed to everyone else', async () => {
    const s = await current();
    expect(s).toMatchObject({
      paymentsEnabled: true,
      signupEnabled: true,
      advanceMinCents: 10_000,
      version: 0,
    });
    expect((await call('GET', '/api/settings', jose)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/settings', undefined, { version: 0 })).statusCode).toBe(401);
  });

  it('raises the advance minimum: the next quote shows it and a smaller deposit is refused', async () => {
    const { version } = await current();
    const changed = await call('PATCH', '/api/settings', admin, {
      advanceMinCents: 15_000,
      advanceBonusPercent: 7,
      version,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      advanceMinCents: 15_000,
      advanceBonusPercent: 7,
      version: version + 1,
    });
    const quote = (await call('GET', `/api/payments/advance/quote?cc=${JOSE_CC}`, jose)).json();
    expect(quote).toMatchObject({ minimumCents: 15_000, bonusPercent: 7 });
    const small = await call('POST', '/api/payments/advance', jose, {
      cc: JOSE_CC,
      method: 'ENZONA',
      amountCents: 12_000,
    });
    expect(small.json()).toMatchObject({ reference: 480 });

    const [trace] = await t.database.db
      .select()
      .from(traces)
      .where(and(eq(traces.module, 'settings'), eq(traces.type, 'UPDATE')));
    expect(trace.payload).toMatchObject({
      changes: {
        advanceMinCents: { before: 10_000, after: 15_000 },
        advanceBonusPercent: { before: 5, after: 7 },
      },
    });
  });

  it('switches a gateway and sign-up off at once: the web is told, the API refuses', async () => {
    const { version } = await current();
    await call('PATCH', '/api/settings', admin, { enzonaEnabled: false, signupEnabled: false, version });
    const { features } = (await call('GET', '/api/config')).json();
    expect(features).toMatchObject({ enzona: false, transfermovil: true, signup: false });
    const pay = await call('POST', '/api/payments/advance', jose, {
      cc: JOSE_CC,
      method: 'ENZONA',
      amountCents: 20_000,
    });
    expect(pay.json()).toMatchObject({ reference: 481 });
    const signup = await call('POST', '/api/signup', undefined, { email: 'x@example.cu' });
    expect(signup.statusCode).toBe(403);
    expect(signup.json()).toMatchObject({
      reference: 477,
      message: 'El registro de cuentas nuevas está cerrado en este momento',
    });
    const back = await current();
    await call('PATCH', '/api/settings', admin, {
      enzonaEnabled: true,
      signupEnabled: true,
      version: back.version,
    });
    expect((await call('GET', '/api/config')).json().features).toMatchObject({ enzona: true, signup: true });
  });

  it('applies a new client-code shape at once wherever a code is typed, and refuses an unsafe one', async () => {
    const before = await current();
    expect(before).toMatchObject({ clientCodePattern: '^\\d{8,15}$', billingPeriodMonths: 2 });
    const unsafe = await call('PATCH', '/api/settings', admin, {
      clientCodePattern: '^(\\d+)+$',
      version: before.version,
    });
    expect(unsafe.statusCode).toBe(400);
    const validate = () => call('POST', '/api/ahab-requests/validate-ccs', jose, { cc: JOSE_CC });
    expect((await validate()).statusCode).toBe(200);

    const changed = await call('PATCH', '/api/settings', admin, {
      clientCodePattern: '^99\\d{11}$',
      billingPeriodMonths: 1,
      version: before.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await validate()).json()).toMatchObject({ reference: 357 });
    const pay = await call('POST', '/api/payments/advance', jose, {
      cc: JOSE_CC,
      method: 'ENZONA',
      amountCents: 20_000,
    });
    expect(pay.json()).toMatchObject({ reference: 357 });
    const request = await call('POST', '/api/ahab-requests/validate-req', jose, {
      cc: JOSE_CC,
      procedureType: 'UPDATE_CONTRACT',
    });
    expect(request.json()).toMatchObject({ reference: 430 });

    const { version } = await current();
    await call('PATCH', '/api/settings', admin, { clientCodePattern: '^\\d{8,15}$', version });
    expect((await validate()).statusCode).toBe(200);
  });

  it('refuses a stale version with 409 and the current settings, and values out of range', async () => {
    const stale = await call('PATCH', '/api/settings', admin, { advanceBonusPercent: 9, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.current.advanceBonusPercent).toBe(7);
    const bad = await call('PATCH', '/api/settings', admin, { advanceBonusPercent: 140, version: 99 });
    expect(bad.statusCode).toBe(400);
  });

  it('is in force on a second API process at its next request', async () => {
    // On PostgreSQL a second process has its own connections and hears the change through NOTIFY.
    const url = (t.database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client
      .options?.connectionString;
    const second: Database = url ? await openDatabase({ url, migrate: false }) : t.database;
    const other = await buildApp({ config: t.config, database: second, logger: false });
    try {
      expect(
        (await call('GET', '/api/config', undefined, undefined, other)).json().features.transfermovil,
      ).toBe(true);
      const { version } = await current();
      await call('PATCH', '/api/settings', admin, { transfermovilEnabled: false, version });
      let seen = true;
      for (let i = 0; i < 50 && seen; i++) {
        seen = (await call('GET', '/api/config', undefined, undefined, other)).json().features.transfermovil;
        if (seen) await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe(false);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
