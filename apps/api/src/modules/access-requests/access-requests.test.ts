import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { listMailbox } from '../mail';

let t: TestApp;
let admin: string;
let elena: string;
let ana: string;
let carlos: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  elena = (await t.login('elena.seguridad@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
  ana = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
  carlos = (await t.login('carlos.grandes@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (auth: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: auth }, payload: payload as Json });
const ask = (auth: string, roleId: string, justification = 'Necesito revisar las solicitudes estatales') =>
  call(auth, 'POST', '/api/access-requests', { roleId, justification });

describe('access requests', () => {
  it('lets a staff member ask for a role once, with a justification of 10 to 500 characters', async () => {
    const res = await ask(ana, 'BIG_CLIENT_SPECIALIST');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'PENDING',
      role: { name: 'BIG_CLIENT_SPECIALIST' },
      requester: { email: 'ana.comercial@aguasdelahabana.cu', fullName: 'Ana Rodríguez Lima' },
      decidedBy: null,
    });
    expect((await ask(ana, 'BIG_CLIENT_SPECIALIST')).json()).toMatchObject({
      name: 'BADREQUESTERROR',
      reference: 467,
    });
    expect((await ask(ana, 'COMMERCIAL_SPECIALIST')).json().reference).toBe(469);
    expect((await ask(ana, 'SECURITY_ADMIN', 'corto')).statusCode).toBe(400);
    expect((await ask(ana, 'SECURITY_ADMIN', 'x'.repeat(501))).statusCode).toBe(400);
    expect((await ask(ana, 'NO_SUCH_ROLE')).statusCode).toBe(404);
  });

  it('shows everyone’s requests to USER:WRITE and only one’s own to others (or with mine)', async () => {
    await ask(carlos, 'SECURITY_ADMIN');
    const all = await call(elena, 'POST', '/api/access-requests/search', {});
    expect(
      all
        .json()
        .map((r: { requester: Json }) => r.requester.email)
        .sort(),
    ).toEqual(['ana.comercial@aguasdelahabana.cu', 'carlos.grandes@aguasdelahabana.cu']);
    expect(all.headers['x-total-count']).toBe('2');
    const own = await call(ana, 'POST', '/api/access-requests/search', {});
    expect(own.json().map((r: { requester: Json }) => r.requester.email)).toEqual([
      'ana.comercial@aguasdelahabana.cu',
    ]);
    expect((await call(elena, 'POST', '/api/access-requests/search', { mine: true })).json()).toEqual([]);
    const pending = await call(elena, 'POST', '/api/access-requests/search', {
      filters: [{ type: 'TERM', field: 'role', value: 'SECURITY_ADMIN' }],
    });
    expect(pending.json()).toHaveLength(1);
  });

  it('accepts: the role is granted, traced, and the requester notified and mailed', async () => {
    const [request] = (await call(ana, 'POST', '/api/access-requests/search', {})).json();
    expect((await call(ana, 'POST', `/api/access-requests/${request._id}/accept`)).statusCode).toBe(403);
    // The security administrator does not hold the big-client permissions, so she cannot hand them out.
    expect((await call(elena, 'POST', `/api/access-requests/${request._id}/accept`)).json()).toMatchObject({
      name: 'UNAUTHORIZEDERROR',
      reference: 410,
    });
    expect((await call(ana, 'GET', '/api/users/me')).json().permissions).not.toContain(
      'PROCESS_BIGCLIENT:WRITE',
    );
    const res = await call(admin, 'POST', `/api/access-requests/${request._id}/accept`);
    expect(res.json()).toMatchObject({
      status: 'ACCEPTED',
      decidedBy: { email: ADMIN.email },
    });
    const me = (await call(ana, 'GET', '/api/users/me')).json();
    expect(me.roles.map((r: { role: Json }) => r.role.name).sort()).toEqual([
      'BIG_CLIENT_SPECIALIST',
      'COMMERCIAL_SPECIALIST',
    ]);
    expect(me.permissions).toContain('PROCESS_BIGCLIENT:WRITE');
    const [note] = (await call(ana, 'POST', '/api/notifications/search', {})).json();
    expect(note).toMatchObject({
      type: 'TASK_UPDATE_STATE',
      payload: { body: { status: 'ACCEPTED', name: 'BIG_CLIENT_SPECIALIST' } },
    });
    const [mail] = await listMailbox(t.database.db, { to: 'ana.comercial@aguasdelahabana.cu' });
    expect(mail.subject).toBe('Solicitud de acceso aceptada');
    const traces = await t.database.db.execute(
      sql`select type, module from traces where entity_id = ${request._id} order by id`,
    );
    expect(traces.rows).toEqual([
      { type: 'CREATE', module: 'access-requests' },
      { type: 'UPDATE', module: 'access-requests' },
    ]);
    expect(
      (await call(elena, 'POST', `/api/access-requests/${request._id}/reject`, { reason: 'tarde' })).json()
        .reference,
    ).toBe(468);
  });

  it('rejects with a reason; nobody decides their own request; SUPER_ADMIN only by a super-admin', async () => {
    const [request] = (await call(carlos, 'POST', '/api/access-requests/search', {})).json();
    expect((await call(elena, 'POST', `/api/access-requests/${request._id}/reject`, {})).statusCode).toBe(
      400,
    );
    const res = await call(elena, 'POST', `/api/access-requests/${request._id}/reject`, {
      reason: 'No corresponde a su puesto',
    });
    expect(res.json()).toMatchObject({ status: 'REJECTED', reason: 'No corresponde a su puesto' });
    const [note] = (await call(carlos, 'POST', '/api/notifications/search', {})).json();
    expect(note.payload.body).toEqual({ status: 'REJECTED', name: 'SECURITY_ADMIN' });
    expect((await listMailbox(t.database.db, { to: 'carlos.grandes@aguasdelahabana.cu' }))[0].text).toContain(
      'No corresponde a su puesto',
    );

    const own = (await ask(elena, 'CLIENT_SUPPORT_NOPE')).statusCode;
    expect(own).toBe(404);
    const mine = (await ask(elena, 'COMMERCIAL_SPECIALIST')).json();
    expect((await call(elena, 'POST', `/api/access-requests/${mine._id}/accept`)).json().reference).toBe(452);
    // The super-administrator role is never asked for: only a super-administrator grants it, directly.
    expect((await ask(carlos, 'SUPER_ADMIN')).json()).toMatchObject({
      name: 'UNAUTHORIZEDERROR',
      reference: 410,
    });
  });

  it('is for staff: a customer cannot ask for any role, not even SUPER_ADMIN', async () => {
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    for (const role of ['SUPER_ADMIN', 'SECURITY_ADMIN', 'COMMERCIAL_SPECIALIST']) {
      expect((await ask(maria, role)).json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 452 });
    }
    expect((await call(maria, 'GET', '/api/access-requests/roles')).statusCode).toBe(403);
    const open = await t.database.db.execute(
      sql`select count(*)::int as n from access_requests a join users u on u.id = a.requester
          where u.email = 'maria.perez@example.cu'`,
    );
    expect(open.rows).toEqual([{ n: 0 }]);
  });
});

describe('roles to ask for', () => {
  it('lists every role but the customer and super-admin ones to a signed-in staff member', async () => {
    const s = await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/access-requests/roles',
      headers: { authorization: s.authorization },
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['SECURITY_ADMIN', 'COMMERCIAL_SPECIALIST']));
    expect(names).not.toContain('USER');
    expect(names).not.toContain('SUPER_ADMIN');
  });
});
