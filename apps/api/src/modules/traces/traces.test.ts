import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let elena: string;
let elenaId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  elena = (await t.login('elena.seguridad@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
  elenaId = (await call(elena, 'GET', '/api/users/me')).json()._id;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (auth: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: auth }, payload: payload as Json });
const search = (filters: object[], auth = elena) =>
  call(auth, 'POST', '/api/traces/search', { size: 50, filters });

describe('the trace list', () => {
  it('lists every change with owner, date, module, section and a before/after payload', async () => {
    const role = (await call(elena, 'POST', '/api/security/roles', { name: 'TRACED' })).json();
    await call(elena, 'PATCH', `/api/security/roles/${role._id}`, { description: 'Con descripción' });
    await call(admin, 'DELETE', `/api/security/roles/${role._id}`);

    const res = await search([{ type: 'TERM', field: 'entityId', value: role._id }]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const [removed, updated, created] = res.json();
    expect(created).toMatchObject({
      type: 'CREATE',
      module: 'security',
      section: 'roles',
      owner: { _id: elenaId, fullName: 'Elena Castro Núñez', email: 'elena.seguridad@aguasdelahabana.cu' },
    });
    expect(updated.payload).toEqual({ changes: { description: { before: null, after: 'Con descripción' } } });
    expect(removed).toMatchObject({ type: 'REMOVE', owner: { email: 'admin@test.cu' } });
    expect(Date.parse(created.date)).not.toBeNaN();
  });

  it('filters by type, module, owner and date range', async () => {
    const removes = (await search([{ type: 'TERM', field: 'type', value: 'REMOVE' }])).json();
    expect(removes.length).toBeGreaterThan(0);
    expect(removes.every((r: Json) => r.type === 'REMOVE')).toBe(true);
    const mine = (
      await search([
        { type: 'TERM', field: 'owner', value: elenaId },
        { type: 'TERM', field: 'module', value: 'security' },
      ])
    ).json();
    expect(mine.map((r: Json) => r.type)).toEqual(['UPDATE', 'CREATE']);
    const [admins] = (await search([{ type: 'TERM', field: 'type', value: 'REMOVE' }])).json();
    expect((admins.owner as Json).email).toBe('admin@test.cu');
    const security = (await search([{ type: 'TERMS', field: 'module', value: ['security'] }])).json();
    expect(security.length).toBe(3);
    const range = [{ type: 'TERM', field: 'module', value: 'security' }];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      (await search([...range, { type: 'RANGE', field: 'createdAt', from: tomorrow, isDate: true }])).json(),
    ).toEqual([]);
    expect(
      (
        await search([
          ...range,
          { type: 'RANGE', field: 'createdAt', from: yesterday, to: tomorrow, isDate: true },
        ])
      ).json().length,
    ).toBe(3);
    expect((await search([{ type: 'TERM', field: 'owner', value: 'not-a-uuid' }])).statusCode).toBe(400);
  });

  it('is for TRACE:READ only', async () => {
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    expect((await search([], maria)).statusCode).toBe(403);
    const ana = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
    expect((await search([], ana)).statusCode).toBe(403);
  });
});
