import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountTokens, clientCodeLinks, pendingClientCodes, traces, users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://ov.example.cu' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, lang?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: lang ? { 'accept-language': lang } : {} });
const signin = (email: string, password: string) => post('/api/signin', { email, password });
const mailbox = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json() as {
    subject: string;
    text: string;
    html: string;
  }[];
const tokenIn = (text: string, page: string) => {
  const m = new RegExp(`https://ov\\.example\\.cu/oficina_virtual/${page}\\?token=([A-Za-z0-9_-]+)`).exec(
    text,
  );
  if (!m) throw new Error(`no ${page} link in: ${text}`);
  return m[1];
};

const PASSWORD = 'Agua.Limpia.2026';
let n = 0;
const person = (over: Record<string, unknown> = {}) => {
  n++;
  return {
    firstName: 'Ana',
    lastName: 'Rodríguez',
    email: `ana.${n}@example.cu`,
    phone: `+53550000${String(n).padStart(2, '0')}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    clientType: 'RESIDENTIAL',
    municipality: 2,
    ...over,
  };
};

describe('sign-up → mailbox → verify → sign-in', () => {
  it('creates an unverified customer, mails a working link once, and then lets them in', async () => {
    const p = person({ email: 'Nueva.Clienta@Example.cu' });
    const res = await post('/api/signup', p);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/15 minutos.*spam/s);
    expect((await signin('nueva.clienta@example.cu', PASSWORD)).json().reference).toBe(491);

    const [mail] = await mailbox('nueva.clienta@example.cu');
    expect(mail.subject).toMatch(/Verifique/);
    expect(mail.html).toContain('Aguas de La Habana — Oficina Virtual');
    const token = tokenIn(mail.text, 'verify');
    const [stored] = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'VERIFY_SIGNUP'));
    expect(stored.tokenHash).not.toContain(token); // only the hash is kept

    const ok = await post('/api/signup/verify', { token }, 'en');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toMatch(/verified/);
    expect((await signin('nueva.clienta@example.cu', PASSWORD)).statusCode).toBe(200);
    const again = await post('/api/signup/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 470 });

    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'nueva.clienta@example.cu'));
    expect(u).toMatchObject({ status: 'ACTIVE', verified: true, clientType: 'RESIDENTIAL', language: 'es' });
    const sections = (await t.database.db.select().from(traces).where(eq(traces.entityId, u.id))).map(
      (r) => r.section,
    );
    expect(sections).toEqual(expect.arrayContaining(['signup', 'verification']));
  });

  it('writes the mail in English for an English sign-up', async () => {
    const p = person();
    expect((await post('/api/signup', p, 'en')).json().message).toMatch(/15 minutes.*spam/s);
    expect((await mailbox(p.email))[0].subject).toBe('Verify your Virtual Office account');
  });

  it('refuses an expired link with 471 and an unknown one with 470', async () => {
    const p = person();
    await post('/api/signup', p);
    const token = tokenIn((await mailbox(p.email))[0].text, 'verify');
    await t.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await post('/api/signup/verify', { token })).json()).toMatchObject({ reference: 471 });
    expect((await post('/api/signup/verify', { token: 'x'.repeat(43) })).json()).toMatchObject({
      reference: 470,
    });
  });

  it('rejects duplicates and bad data with the catalogue answers, never a 500', async () => {
    expect((await post('/api/signup', person({ email: 'MARIA.PEREZ@example.cu' }))).json()).toMatchObject({
      name: 'BADREQUESTERROR',
      reference: 303,
    });
    expect((await post('/api/signup', person({ phone: '+5352123456' }))).json().reference).toBe(444);
    expect((await post('/api/signup', person({ clientType: 'GOBIERNO' }))).json().reference).toBe(356);
    expect(
      (await post('/api/signup', person({ clientCode: '12AB', clientCodeProof: 'x' }))).json().reference,
    ).toBe(357);
    expect(
      (await post('/api/signup', person({ clientCode: '1234', clientCodeProof: 'x' }))).json().reference,
    ).toBe(357);
    // A code that does not exist says so.
    expect(
      (await post('/api/signup', person({ clientCode: '1234567890123', clientCodeProof: 'x' }))).json(),
    ).toMatchObject({
      name: 'PAYMENTRESULT',
      reference: 5,
    });
    expect((await post('/api/signup', person({ municipality: 999 }))).json().reference).toBe(414);
    const weak = await post('/api/signup', person({ password: 'password', confirmPassword: 'password' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().name).toBe('VALIDATIONERROR');
    const mismatch = await post('/api/signup', person({ confirmPassword: 'Otra.Cosa.2026' }));
    expect(mismatch.json().details[0].field).toBe('body.confirmPassword');
    expect((await post('/api/signup', { email: 5 })).statusCode).toBe(400);
  });
});

describe('sign-up throttle', () => {
  it('allows 20 accounts an hour from one address, then 429 with Retry-After', async () => {
    const ip = '192.0.2.200';
    await t.database.db.execute(
      sql`insert into rate_limits (key, hits, window_ends)
          values ('signup-ip:' || ${ip} || '@3600000', 20, now() + interval '1 hour')`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: person(),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: person(),
      remoteAddress: '192.0.2.201',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('resend verification', () => {
  it('answers the same for unknown addresses; excess mails to an address are dropped silently', async () => {
    const p = person();
    await post('/api/signup', p);
    const first = await post('/api/signup/resend', { email: p.email });
    const unknown = await post('/api/signup/resend', { email: 'nadie@example.cu' });
    expect(first.statusCode).toBe(200);
    expect(unknown.json()).toEqual(first.json());
    expect(await mailbox(p.email)).toHaveLength(2);

    // A second one within the minute: the same answer (never a 429 about someone's address), no mail.
    const again = await post('/api/signup/resend', { email: p.email });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await mailbox(p.email)).toHaveLength(2);

    // a day allows five: move the minute on and spend the rest; the sixth is dropped too
    const nextMinute = sql`update rate_limits set window_ends = now() - interval '1 second'
                           where key like 'verify-resend:%@60000'`;
    for (let i = 0; i < 4; i++) {
      await t.database.db.execute(nextMinute);
      expect((await post('/api/signup/resend', { email: p.email })).statusCode).toBe(200);
    }
    expect(await mailbox(p.email)).toHaveLength(6);
    await t.database.db.execute(nextMinute);
    expect((await post('/api/signup/resend', { email: p.email })).statusCode).toBe(200);
    expect(await mailbox(p.email)).toHaveLength(6);
  });

  it('answers 429 with Retry-After only to an address that asks for too many mails', async () => {
    const ip = '192.0.2.77';
    const ask = (email: string, from = ip) =>
      t.app.inject({ method: 'POST', url: '/api/signup/resend', payload: { email }, remoteAddress: from });
    for (let i = 0; i < 20; i++) expect((await ask(`nadie${i}@example.cu`)).statusCode).toBe(200);
    const over = await ask('nadie.mas@example.cu');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ name: 'TOOMANYREQUESTSERROR', reference: 429 });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await ask('nadie.mas@example.cu', '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('password recovery', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const email = 'jose.fernandez@example.cu';
    const session = await t.login(email, DEMO_PASSWORD);
    const unknown = await post('/api/password/forgot', { email: 'nadie.mas@example.cu' });
    const res = await post('/api/password/forgot', { email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    const token = tokenIn((await mailbox(email))[0].text, 'reset-password');

    const weak = await post('/api/password/reset', { token, password: '12345678' });
    expect(weak.json().name).toBe('VALIDATIONERROR');
    const ok = await post('/api/password/reset', { token, password: 'Nueva.Clave.2026' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/password/reset', { token, password: 'Otra.Clave.2026' })).json().reference).toBe(
      470,
    );

    expect((await signin(email, DEMO_PASSWORD)).json().reference).toBe(490);
    expect((await signin(email, 'Nueva.Clave.2026')).statusCode).toBe(200);
    const refresh = await post('/api/refresh-token', { refresh: session.refreshToken, space: 'ahab' });
    expect(refresh.statusCode).toBe(401);
    expect((await mailbox(email))[0].subject).toMatch(/contraseña fue cambiada/);
    const [trace] = await t.database.db
      .select()
      .from(traces)
      .where(sql`${traces.section} = 'password' and ${traces.module} = 'account'`);
    expect(trace.type).toBe('UPDATE');
    expect(JSON.stringify(trace.payload)).not.toMatch(/argon|Nueva\.Clave/);
  });

  it('refuses an expired reset link with 471', async () => {
    const email = 'hotel.nacional@example.cu';
    await post('/api/password/forgot', { email });
    const token = tokenIn((await mailbox(email))[0].text, 'reset-password');
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.purpose, 'RESET_PASSWORD'));
    expect(
      (await post('/api/password/reset', { token, password: 'Nueva.Clave.2026' })).json().reference,
    ).toBe(471);
  });
});

describe('a client code given at sign-up', () => {
  /** A free code of the demo ledger and its contract number. */
  const freeCode = async (cc: string) => {
    const [a] = await t.database.db.select().from(accounts).where(eq(accounts.cc, cc));
    return a;
  };

  it('needs its ownership proof, refuses another client type and a wrong proof, and is associated on verification', async () => {
    const code = await freeCode('2300000000006');
    expect(code.contractNumber).toBeTruthy();
    const noProof = await post('/api/signup', person({ clientCode: code.cc }));
    expect(noProof.json().details).toEqual(
      expect.arrayContaining([{ field: 'body.clientCodeProof', message: 'Requerido' }]),
    );
    const otherType = code.clientType === 'RESIDENTIAL' ? 'STATE' : 'RESIDENTIAL';
    const wrongType = await post(
      '/api/signup',
      person({ clientType: otherType, clientCode: code.cc, clientCodeProof: code.contractNumber }),
    );
    expect(wrongType.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 357 });
    const wrongProof = await post(
      '/api/signup',
      person({ clientType: code.clientType, clientCode: code.cc, clientCodeProof: 'CT-0000-000000' }),
    );
    expect(wrongProof.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 499 });

    const p = person({
      clientType: code.clientType,
      clientCode: code.cc,
      clientCodeProof: code.contractNumber,
    });
    expect((await post('/api/signup', p)).statusCode).toBe(201);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, p.email));
    expect(
      await t.database.db.select().from(clientCodeLinks).where(eq(clientCodeLinks.userId, u.id)),
    ).toEqual([]);
    const verified = await post('/api/signup/verify', {
      token: tokenIn((await mailbox(p.email))[0].text, 'verify'),
    });
    expect(verified.json()).toMatchObject({ clientCode: { cc: code.cc, associated: true } });
    expect(verified.json().message).toContain(`El código de cliente ${code.cc} quedó asociado a su cuenta.`);
    const links = await t.database.db.select().from(clientCodeLinks).where(eq(clientCodeLinks.userId, u.id));
    expect(links.map((l) => l.cc)).toEqual([code.cc]);
    expect(
      await t.database.db.select().from(pendingClientCodes).where(eq(pendingClientCodes.userId, u.id)),
    ).toEqual([]);
  });

  it('says plainly when the code was associated by someone else before the account was verified', async () => {
    const code = await freeCode('2300000000008');
    const p = person({
      clientType: code.clientType,
      clientCode: code.cc,
      clientCodeProof: code.contractNumber,
    });
    expect((await post('/api/signup', p)).statusCode).toBe(201);
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, 'maria.perez@example.cu'));
    await t.database.db.insert(clientCodeLinks).values({ userId: maria.id, cc: code.cc, space: 'ahab' });
    const verified = await post(
      '/api/signup/verify',
      { token: tokenIn((await mailbox(p.email))[0].text, 'verify') },
      'en',
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ clientCode: { cc: code.cc, associated: false } });
    expect(verified.json().message).toContain(`Client code ${code.cc} could not be associated`);
    // Taken codes are refused at sign-up itself.
    const again = await post(
      '/api/signup',
      person({ clientType: code.clientType, clientCode: code.cc, clientCodeProof: code.contractNumber }),
    );
    expect(again.json()).toMatchObject({ reference: 497 });
  });
});
