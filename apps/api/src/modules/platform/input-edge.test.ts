import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

/** The inputs that answered 500 in the probe (issue 9), each refused at the edge with a catalogue error. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('characters and shapes no request needs', () => {
  it('refuses a NUL byte anywhere with 475, whatever the route', async () => {
    for (const [url, body, auth] of [
      ['/api/signin', { email: 'ana\u0000@example.cu', password: 'x' }, undefined],
      ['/api/users/search', { search: 'a\u0000b' }, admin],
      ['/api/access-requests', { roleId: 'ADMIN', justification: 'x\u0000' }, admin],
      ['/api/payments/transfermovil/notify', { Bank: 'B\u0000' }, undefined],
    ] as const) {
      const res = await post(url, body, auth);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ name: 'VALIDATIONERROR', reference: 475 });
    }
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/api/users/me?x=%00',
      headers: { authorization: admin },
    });
    expect(inQuery.json()).toMatchObject({ reference: 475 });
  });

  it('refuses a lone surrogate (475) and deep nesting (476) in the Transfermóvil notification and elsewhere', async () => {
    const surrogate = await post('/api/payments/transfermovil/notify', '{"ExternalId":"\\ud800"}');
    expect(surrogate.json()).toMatchObject({ name: 'VALIDATIONERROR', reference: 475 });
    // 2,000 levels fit the notification's 16 KB body limit; 10,000 (60 KB) is refused for its size.
    const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const deep = await post('/api/payments/transfermovil/notify', nested(2000));
    const deeper = await post('/api/payments/transfermovil/notify', nested(10_000));
    expect(deeper.json()).toMatchObject({ name: 'VALIDATIONERROR', reference: 413 });
    const deepSearch = await post('/api/users/search', nested(10_000), admin);
    expect(deepSearch.json()).toMatchObject({ name: 'VALIDATIONERROR', reference: 476 });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ name: 'VALIDATIONERROR', reference: 476 });
    expect(deep.json().message).toBe('La solicitud tiene demasiados niveles de anidamiento');
  });

  it('takes ids only as UUIDs', async () => {
    const res = await post('/api/users/password-reset', { _id: 'abc', autoGeneratePassword: true }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toBe('VALIDATIONERROR');
  });
});

describe('search filters', () => {
  it('checks each value against its field type and takes only own fields', async () => {
    const bad = [
      { type: 'EQUAL', field: 'createdAt', value: 'abc' },
      { type: 'RANGE', field: 'createdAt', from: 'ayer', isDate: true },
      { type: 'TERM', field: 'municipality', value: 'doce' },
      { type: 'TERMS', field: 'status', value: 'no-es-lista' },
      { type: 'EQUAL', field: '__proto__', value: 1 },
      { type: 'EQUAL', field: 'constructor', value: 1 },
      { type: 'EQUAL', field: 'toString', value: 1 },
    ];
    for (const filter of bad) {
      const res = await post('/api/users/search', { filters: [filter] }, admin);
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(res.json().name).toBe('VALIDATIONERROR');
    }
    const sorted = await post('/api/users/search', { sort: { constructor: 'asc' } }, admin);
    expect(sorted.statusCode).toBe(400);
    const good = await post(
      '/api/users/search',
      { filters: [{ type: 'RANGE', field: 'createdAt', from: '2020-01-01', isDate: true }] },
      admin,
    );
    expect(good.statusCode).toBe(200);
  });

  it('refuses a bad CSV export filter with a catalogue 400 before anything streams', async () => {
    const res = await post(
      '/api/payments/export.csv',
      { filters: [{ type: 'EQUAL', field: 'createdAt', value: 'abc' }] },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().name).toBe('VALIDATIONERROR');
    const ok = await post('/api/payments/export.csv', {}, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.split('\r\n')[0]).toContain('id');
  });
});

describe('field rules answer their catalogue entry', () => {
  it('answers 439 / 440 / 441 for an invalid e-mail, phone and username, field details alongside', async () => {
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    const patch = (body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: { authorization: maria },
        payload: body as object,
      });
    const cases = [
      [{ firstName: 'María', email: 'no-es-correo' }, 439, 'Correo electrónico no válido', 'body.email'],
      [{ firstName: 'María', phone: '12' }, 440, 'Teléfono no válido', 'body.phone'],
      [{ firstName: 'María', username: 'a b' }, 441, 'Nombre de usuario no válido', 'body.username'],
    ] as const;
    for (const [body, reference, message, field] of cases) {
      const res = await patch(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference, message });
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // A missing login is not an invalid e-mail: a plain validation error.
    expect((await post('/api/signin', { email: '', password: '' })).json().name).toBe('VALIDATIONERROR');
  });
});
