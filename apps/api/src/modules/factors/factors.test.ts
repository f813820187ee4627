import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftwareAuthenticator } from '../../test/software-authenticator';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { listMailbox } from '../mail';
import { createSecretBox } from './factors.crypto';

type Json = Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_SECOND_FACTOR: 'true' } });
});
afterAll(() => t.close());

const ANA = 'ana.comercial@aguasdelahabana.cu';
const CARLOS = 'carlos.grandes@aguasdelahabana.cu';
const ELENA = 'elena.seguridad@aguasdelahabana.cu';
const MARIA = 'maria.perez@example.cu';
const JOSE = 'jose.fernandez@example.cu';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(token: string | null, method: string, url: string, payload?: unknown, ip?: string) {
  return t.app.inject({
    method: method as 'GET',
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as Json } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

async function signIn(email: string, password = DEMO_PASSWORD, extra: Json = {}, ip?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email, password, ...extra },
    ...(ip ? { remoteAddress: ip } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    accessToken: string;
    refreshToken: string;
    space: string;
    secondFactor?: { stage: string; methods: string[] };
  };
}

const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

/** A staff member enrols the authenticator app at a forced first sign-in; answers what they kept. */
const kept = new Map<string, { secret: string; recoveryCodes: string[] }>();

async function enrolTotp(email: string, password = DEMO_PASSWORD, offsetMs = 0) {
  const limited = await signIn(email, password);
  expect(limited.secondFactor).toEqual({ stage: 'enrol', methods: [] });
  const setup = (await call(limited.accessToken, 'POST', '/api/second-factor/totp')).json();
  const confirmed = await call(limited.accessToken, 'POST', '/api/second-factor/totp/confirm', {
    code: codeAt(setup.secret, Date.now() + offsetMs),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  kept.set(email, { secret: setup.secret, recoveryCodes: [...confirmed.json().recoveryCodes] });
  return {
    secret: setup.secret as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
    limited,
  };
}

describe('second factor for staff (STAFF_SECOND_FACTOR on)', () => {
  it('a customer signs in as the spec says: no second step, nothing more in the answer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: MARIA, password: DEMO_PASSWORD },
    });
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'deviceToken', 'refreshToken', 'space']);
    expect((await call(res.json().accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('staff without a factor are blocked from every staff page until they enrol the authenticator app', async () => {
    const limited = await signIn(ANA);
    expect(limited.secondFactor).toEqual({ stage: 'enrol', methods: [] });
    const blocked = await call(limited.accessToken, 'GET', '/api/users/me');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 611 });
    expect((await call(limited.accessToken, 'POST', '/api/users/search', {})).json().reference).toBe(611);
    // The limited sign-in refreshes into another limited one, never into a whole one.
    const refreshed = await call(null, 'POST', '/api/refresh-token', {
      refresh: limited.refreshToken,
      space: limited.space,
    });
    expect((await call(refreshed.json().accessToken, 'GET', '/api/users/me')).json().reference).toBe(611);
    const status = (await call(refreshed.json().accessToken, 'GET', '/api/second-factor')).json();
    expect(status).toMatchObject({ required: true, stage: 'enrol', totp: false, passkeys: [] });

    const setup = (await call(refreshed.json().accessToken, 'POST', '/api/second-factor/totp')).json();
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Aguas%20de%20La%20Habana:ana\.comercial/);
    const wrong = await call(refreshed.json().accessToken, 'POST', '/api/second-factor/totp/confirm', {
      code: '000000' === codeAt(setup.secret) ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 612 });
    const confirmed = await call(refreshed.json().accessToken, 'POST', '/api/second-factor/totp/confirm', {
      code: codeAt(setup.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes, session } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call(session.accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    // The limited sign-in is over.
    expect((await call(refreshed.json().accessToken, 'GET', '/api/second-factor')).statusCode).toBe(401);
  });

  it('TOTP: codes of the previous and the next step are accepted, two steps old is not, each step once', async () => {
    // Set up with a code of the previous 30-second step (the phone's clock is a little behind).
    const { secret } = await enrolTotp(CARLOS, DEMO_PASSWORD, -30_000);
    // Kept sealed: the stored value is not the secret, nor contains it.
    const [stored] = (
      await t.database.db.execute(
        sql`select f.secret from totp_factors f join users u on u.id = f.user_id where u.email = ${CARLOS}`,
      )
    ).rows as { secret: string }[];
    expect(stored!.secret).toMatch(/^enc:v1:/);
    expect(stored!.secret).not.toContain(secret);
    const next = await signIn(CARLOS);
    expect(next.secondFactor).toEqual({ stage: 'verify', methods: ['totp', 'recovery'] });
    expect((await call(next.accessToken, 'GET', '/api/users/me')).json().reference).toBe(610);
    const stale = await call(next.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'totp',
      code: codeAt(secret, Date.now() - 75_000),
    });
    expect(stale.json()).toMatchObject({ reference: 612 });
    const current = codeAt(secret);
    const ok = await call(next.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'totp',
      code: current,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call(ok.json().accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    // The same code cannot be replayed at another sign-in; the next step's code (clock ahead) works.
    const again = await signIn(CARLOS);
    const replay = await call(again.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'totp',
      code: current,
    });
    expect(replay.json()).toMatchObject({ reference: 612 });
    const ahead = await call(again.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'totp',
      code: codeAt(secret, Date.now() + 30_000),
    });
    expect(ahead.statusCode, ahead.body).toBe(200);
  });

  it('recovery codes work once each', async () => {
    const [code] = (await (async () => {
      // Elena (user administration) enrols; a fresh sign-in then uses a recovery code.
      const enrolled = await enrolTotp(ELENA);
      return enrolled.recoveryCodes;
    })()) as string[];
    const first = await signIn(ELENA);
    const used = await call(first.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'recovery',
      code: code!.toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await call(used.json().accessToken, 'GET', '/api/second-factor')).json().recoveryCodesLeft).toBe(
      9,
    );
    const second = await signIn(ELENA);
    const reused = await call(second.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'recovery',
      code,
    });
    expect(reused.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 612 });
  });

  it('the second step is throttled like a password: five free tries, then wait (429, 490)', async () => {
    // Carlos is enrolled (test above); a sign-in from another address guesses codes.
    const limited = await signIn(CARLOS, DEMO_PASSWORD, {}, '10.0.0.7');
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) {
      const res = await call(
        limited.accessToken,
        'POST',
        '/api/second-factor/verify',
        { method: 'recovery', code: 'aaaaa-aaaaa' },
        '10.0.0.7',
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({ name: 'TOOMANYREQUESTSERROR', reference: 490 });
    }
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(3);
    expect(statuses.at(-1)).toBe(429);
    // While it says wait, even a right recovery code is not tried.
    const right = await call(
      limited.accessToken,
      'POST',
      '/api/second-factor/verify',
      { method: 'recovery', code: kept.get(CARLOS)!.recoveryCodes[0] },
      '10.0.0.7',
    );
    expect(right.statusCode).toBe(429);
    const log = await t.database.db.execute(
      sql`select count(*)::int as n from security_events where event = 'second-factor' and reason = 'throttled'`,
    );
    expect((log.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it('a remembered browser skips the second step for 30 days; signing out everywhere forgets it', async () => {
    const { secret } = await enrolTotp(ADMIN.email, ADMIN.password);
    const limited = await signIn(ADMIN.email, ADMIN.password);
    const done = await call(limited.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'totp',
      code: codeAt(secret, Date.now() + 30_000),
      remember: { name: 'Portátil de la oficina' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const { rememberToken, accessToken } = done.json();
    expect(rememberToken).toEqual(expect.any(String));
    const listed = (await call(accessToken, 'GET', '/api/second-factor')).json();
    expect(listed.rememberedBrowsers).toEqual([expect.objectContaining({ name: 'Portátil de la oficina' })]);

    const remembered = await signIn(ADMIN.email, ADMIN.password, { remembered: [rememberToken] });
    expect(remembered.secondFactor).toBeUndefined();
    expect((await call(remembered.accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    // Someone else's browser token (or none) does not count.
    expect((await signIn(ADMIN.email, ADMIN.password, { remembered: ['forged'] })).secondFactor?.stage).toBe(
      'verify',
    );

    expect((await call(remembered.accessToken, 'POST', '/api/signout/all')).statusCode).toBe(204);
    const after = await signIn(ADMIN.email, ADMIN.password, { remembered: [rememberToken] });
    expect(after.secondFactor?.stage).toBe('verify');
  });

  it('staff keep at least one factor', async () => {
    const limited = await signIn(ELENA);
    const done = await call(limited.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'recovery',
      code: kept.get(ELENA)!.recoveryCodes[1],
    });
    expect(done.statusCode, done.body).toBe(200);
    const res = await call(done.json().accessToken, 'DELETE', '/api/second-factor/totp');
    expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 615 });
  });
});

describe('passkeys', () => {
  const authenticator = createSoftwareAuthenticator();

  it('a customer registers a passkey in the profile and signs in with it instead of the password', async () => {
    const maria = await signIn(MARIA);
    const { challengeId, options } = (await call(maria.accessToken, 'POST', '/api/passkeys/options')).json();
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const registered = await call(maria.accessToken, 'POST', '/api/passkeys', {
      challengeId,
      response: authenticator.create(options),
      name: 'Mi teléfono',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({ passkey: expect.objectContaining({ name: 'Mi teléfono' }) });
    // The same challenge cannot be answered twice.
    const replay = await call(maria.accessToken, 'POST', '/api/passkeys', {
      challengeId,
      response: authenticator.create(options),
      name: 'Otra',
    });
    expect(replay.json()).toMatchObject({ reference: 616 });

    const start = (await call(null, 'POST', '/api/passkeys/signin/options')).json();
    const signedIn = await call(null, 'POST', '/api/passkeys/signin', {
      challengeId: start.challengeId,
      response: authenticator.get(start.options),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const profile = (await call(signedIn.json().accessToken, 'GET', '/api/users/me')).json();
    expect(profile.email).toBe(MARIA);
    // The password stays a way in.
    expect((await signIn(MARIA)).secondFactor).toBeUndefined();
  });

  it('a forged or replayed assertion is refused', async () => {
    const start = (await call(null, 'POST', '/api/passkeys/signin/options')).json();
    const assertion = authenticator.get(start.options);
    const tampered = {
      ...assertion,
      response: { ...assertion.response, signature: Buffer.from('nope').toString('base64url') },
    };
    const refused = await call(null, 'POST', '/api/passkeys/signin', {
      challengeId: start.challengeId,
      response: tampered,
    });
    expect(refused.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 613 });
    const replayed = await call(null, 'POST', '/api/passkeys/signin', {
      challengeId: start.challengeId,
      response: assertion,
    });
    expect(replayed.json()).toMatchObject({ reference: 616 });
  });

  it('passkey sign-ins started from one address are limited (challenges are kept)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 31; i++)
      answers.push(
        (await call(null, 'POST', '/api/passkeys/signin/options', undefined, '192.0.2.99')).statusCode,
      );
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('staff enrol a passkey at the forced sign-in, then present it at the second step', async () => {
    const phone = createSoftwareAuthenticator();
    // José, a customer, is made a commercial specialist.
    const [row] = (
      await t.database.db.execute(sql`select u.id as "userId", r.id as "roleId" from users u, roles r
        where u.email = ${JOSE} and r.name = 'COMMERCIAL_SPECIALIST'`)
    ).rows as { userId: string; roleId: string }[];
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${row!.userId}, ${row!.roleId})`,
    );

    const limited = await signIn(JOSE);
    expect(limited.secondFactor).toEqual({ stage: 'enrol', methods: [] });
    const { challengeId, options } = (
      await call(limited.accessToken, 'POST', '/api/passkeys/options')
    ).json();
    const enrolled = await call(limited.accessToken, 'POST', '/api/passkeys', {
      challengeId,
      response: phone.create(options),
      name: 'Teléfono',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect((await call(enrolled.json().session.accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);

    const next = await signIn(JOSE);
    expect(next.secondFactor).toEqual({ stage: 'verify', methods: ['passkey'] });
    const ask = (await call(next.accessToken, 'POST', '/api/second-factor/passkey-options')).json();
    expect(ask.options.allowCredentials).toEqual([expect.objectContaining({ id: phone.credentialIds()[0] })]);
    // María's passkey is not José's.
    const foreign = await call(next.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'passkey',
      challengeId: ask.challengeId,
      response: authenticator.get(ask.options),
    });
    expect(foreign.json()).toMatchObject({ reference: 613 });
    const ask2 = (await call(next.accessToken, 'POST', '/api/second-factor/passkey-options')).json();
    const done = await call(next.accessToken, 'POST', '/api/second-factor/verify', {
      method: 'passkey',
      challengeId: ask2.challengeId,
      response: phone.get(ask2.options),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(done.json().accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    // A passkey alone is a whole sign-in for staff too.
    const start = (await call(null, 'POST', '/api/passkeys/signin/options')).json();
    const direct = await call(null, 'POST', '/api/passkeys/signin', {
      challengeId: start.challengeId,
      response: phone.get(start.options),
    });
    expect((await call(direct.json().accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
  });
});

describe('resetting another person’s factors', () => {
  it('only a super-administrator may; it is traced, mailed in the person’s language, and ends their sessions', async () => {
    // Elena administers users but is not a super-administrator.
    const elenaLimited = await signIn(ELENA);
    const elena = (
      await call(elenaLimited.accessToken, 'POST', '/api/second-factor/verify', {
        method: 'recovery',
        code: kept.get(ELENA)!.recoveryCodes[2],
      })
    ).json().accessToken as string;
    const [carlos] = (await t.database.db.execute(sql`select id from users where email = ${CARLOS}`))
      .rows as {
      id: string;
    }[];
    const refused = await call(elena, 'POST', `/api/users/${carlos!.id}/second-factors/reset`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 452 });
    const peek = await call(elena, 'GET', `/api/users/${carlos!.id}/second-factors`);
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toMatchObject({ reference: 452 });

    const admin = await signIn(ADMIN.email, ADMIN.password);
    const adminToken = (
      await call(admin.accessToken, 'POST', '/api/second-factor/verify', {
        method: 'recovery',
        code: kept.get(ADMIN.email)!.recoveryCodes[0],
      })
    ).json().accessToken as string;
    const before = await call(adminToken, 'GET', `/api/users/${carlos!.id}/second-factors`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ authenticatorApp: true, passkeys: 0 });
    const nobody = await call(
      adminToken,
      'GET',
      '/api/users/00000000-0000-0000-0000-000000000000/second-factors',
    );
    expect(nobody.json()).toMatchObject({ reference: 415 });
    const carlosSession = await signIn(CARLOS);
    const reset = await call(adminToken, 'POST', `/api/users/${carlos!.id}/second-factors/reset`);
    expect(reset.statusCode, reset.body).toBe(204);

    const [mail] = await listMailbox(t.database.db, { to: CARLOS });
    expect(mail!.subject).toBe('Se restablecieron sus segundos factores');
    expect(mail!.text).toContain(
      'La próxima vez que inicie sesión se le pedirá configurar un segundo factor nuevo.',
    );
    const traces = (
      await t.database.db.execute(
        sql`select type, section from traces where entity_id = ${carlos!.id} and section = 'second-factors'`,
      )
    ).rows;
    expect(traces).toEqual([{ type: 'UPDATE', section: 'second-factors' }]);
    // Carlos's open sign-in is over; the next one asks him to set up a factor again.
    expect((await call(carlosSession.accessToken, 'GET', '/api/second-factor')).statusCode).toBe(401);
    expect((await signIn(CARLOS)).secondFactor).toEqual({ stage: 'enrol', methods: [] });
    const after = await call(adminToken, 'GET', `/api/users/${carlos!.id}/second-factors`);
    expect(after.json()).toEqual({ authenticatorApp: false, passkeys: 0 });
  });
});

describe('authenticator-app secrets at rest', () => {
  const PLAIN = new Secret({ size: 20 }).base32;
  const stored = async () =>
    (
      (
        await t.database.db.execute(
          sql`select f.secret from totp_factors f join users u on u.id = f.user_id where u.email = ${ANA}`,
        )
      ).rows as { secret: string }[]
    )[0]!.secret;
  const verifyWith = async (code: string) => {
    const limited = await signIn(ANA);
    return call(limited.accessToken, 'POST', '/api/second-factor/verify', { method: 'totp', code });
  };

  it('a row kept in plain text before sealing still works, and is sealed by its first use', async () => {
    await t.database.db.execute(sql`insert into totp_factors (user_id, secret, confirmed_at)
      select id, ${PLAIN}, now() from users where email = ${ANA}
      on conflict (user_id) do update set secret = excluded.secret, confirmed_at = now(), last_step = null`);
    const first = await verifyWith(codeAt(PLAIN));
    expect(first.statusCode, first.body).toBe(200);
    const sealed = await stored();
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain(PLAIN);
    // Sealed, it keeps working (the next step's code: each step counts once).
    const next = await verifyWith(codeAt(PLAIN, Date.now() + 30_000));
    expect(next.statusCode, next.body).toBe(200);
    expect(await stored()).toBe(sealed);
  });

  it('a value sealed under another key, or for another person, does not open: the code is refused', async () => {
    const [ana] = (await t.database.db.execute(sql`select id from users where email = ${ANA}`)).rows as {
      id: string;
    }[];
    const other = createSecretBox('another key, at least 32 characters long');
    const ours = createSecretBox(t.config.factorsEncryptionKey);
    for (const foreign of [other.seal(ana!.id, PLAIN), ours.seal(crypto.randomUUID(), PLAIN)]) {
      await t.database.db.execute(
        sql`update totp_factors set secret = ${foreign}, last_step = null where user_id = ${ana!.id}`,
      );
      const refused = await verifyWith(codeAt(PLAIN));
      expect(refused.json()).toMatchObject({ reference: 612 });
    }
  });
});
