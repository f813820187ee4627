import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentRequests, users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { listMailbox } from '../mail';
import { createNotificationChannel } from './notifications.channel.repository';
import { createNotificationHub } from './notifications.hub';
import { signalSoon } from './notifications.repository';
import { createNotification } from './notifications.service';

let t: TestApp;
let maria: { authorization: string };
let mariaId: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  maria = await t.login('maria.perez@example.cu', DEMO_PASSWORD);
  mariaId = (await t.database.db.select().from(users).where(eq(users.email, 'maria.perez@example.cu')))[0].id;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (auth: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: auth }, payload: payload as Json });
const notify = (owner: string, name: string) =>
  t.database.db.transaction((tx) =>
    createNotification(tx, {
      space: 'ahab',
      owner,
      type: 'TASK_UPDATE_STATE',
      payload: { body: { status: 'REVIEW', name } },
      event: 'CONTRACT_REQUEST_STATUS',
      params: { requestId: name, status: 'REVIEW' },
    }),
  );
const accessToken = (auth: string) => auth.replace('Bearer ', '');

/** Reads an SSE response until `until` holds for the text received so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  state: { text: string },
  until: (s: string) => boolean,
) {
  const decoder = new TextDecoder();
  while (!until(state.text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended: ${state.text}`);
    state.text += decoder.decode(value, { stream: true });
  }
}

describe('the notification drawer', () => {
  it('lists one’s own notifications, counts unread, marks one and all read', async () => {
    const first = await notify(mariaId, 'Solicitud A');
    await notify(mariaId, 'Solicitud B');
    const list = await call(maria.authorization, 'POST', '/api/notifications/search', {});
    expect(list.json().map((n: { payload: { body: Json } }) => n.payload.body.name)).toEqual([
      'Solicitud B',
      'Solicitud A',
    ]);
    expect(list.json()[0]).toMatchObject({ type: 'TASK_UPDATE_STATE', read: false, owner: mariaId });
    expect((await call(maria.authorization, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 2,
    });
    const jose = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    expect((await call(jose.authorization, 'POST', `/api/notifications/${first._id}/read`)).statusCode).toBe(
      404,
    );
    expect((await call(jose.authorization, 'POST', '/api/notifications/search', {})).json()).toEqual([]);
    expect(
      (await call(maria.authorization, 'POST', `/api/notifications/${first._id}/read`)).json().read,
    ).toBe(true);
    expect((await call(maria.authorization, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      count: 1,
    });
    expect((await call(maria.authorization, 'POST', '/api/notifications/read-all')).json()).toEqual({
      updated: 1,
    });
    const unread = await call(maria.authorization, 'POST', '/api/notifications/search', {
      filters: [{ type: 'TERM', field: 'read', value: false }],
    });
    expect(unread.json()).toEqual([]);
  });
});

describe('the live stream (Server-Sent Events)', () => {
  it('pushes the count on connect, each committed notification and count changes', async () => {
    const abort = new AbortController();
    const res = await fetch(
      `${base}/api/notifications/stream?access_token=${accessToken(maria.authorization)}`,
      { signal: abort.signal },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const state = { text: '' };
    await readUntil(reader, state, (s) => s.includes('event: count\ndata: {"count":0}'));

    // A rolled-back notification is never pushed; the committed one is.
    await t.database.db
      .transaction(async (tx) => {
        await createNotification(tx, {
          space: 'ahab',
          owner: mariaId,
          type: 'SHARE_FILE',
          payload: { body: { status: 'X', name: 'Nunca' } },
          event: 'CONTRACT_REQUEST_STATUS',
          params: { requestId: 'Nunca', status: 'X' },
        });
        throw new Error('rollback');
      })
      .catch(() => {});
    const row = await notify(mariaId, 'En vivo');
    await readUntil(reader, state, (s) => s.includes('event: count\ndata: {"count":1}'));
    expect(state.text).toContain(`event: notification\ndata: ${JSON.stringify(row)}`);
    expect(state.text).not.toContain('Nunca');

    await call(maria.authorization, 'POST', `/api/notifications/${row._id}/read`);
    await readUntil(reader, state, (s) => s.endsWith('event: count\ndata: {"count":0}\n\n'));
    abort.abort();
  });

  it('refuses a missing or invalid token with 401 and never lets another user listen in', async () => {
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(400);
    const bad = await fetch(`${base}/api/notifications/stream?access_token=not-a-token`);
    expect(bad.status).toBe(401);
    expect((await bad.json()).name).toBe('AUTHENTICATIONERROR');
  });
});

describe('staff e-mail', () => {
  it('mails chosen users and typed addresses; never oneself; customers may not', async () => {
    const elena = await t.login('elena.seguridad@aguasdelahabana.cu', DEMO_PASSWORD);
    const res = await call(elena.authorization, 'POST', '/api/notifications/email', {
      to: [{ _id: mariaId }, { email: 'someone@gmail.com' }],
      subject: 'Corte programado',
      body: 'Mañana habrá un corte de agua de 8 a 12.',
    });
    expect(res.json()).toEqual({ queued: 2 });
    const [mail] = await listMailbox(t.database.db, { to: 'someone@gmail.com' });
    expect(mail).toMatchObject({ subject: 'Corte programado' });
    expect(mail.text).toContain('Mañana habrá un corte de agua');
    expect((await listMailbox(t.database.db, { to: 'maria.perez@example.cu' }))[0].subject).toBe(
      'Corte programado',
    );
    const [me] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'elena.seguridad@aguasdelahabana.cu'));
    for (const to of [[{ _id: me.id }], [{ email: 'Elena.Seguridad@aguasdelahabana.cu' }]]) {
      const self = await call(elena.authorization, 'POST', '/api/notifications/email', {
        to,
        subject: 'Hola',
        body: 'x',
      });
      expect(self.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 464 });
    }
    const customer = await call(maria.authorization, 'POST', '/api/notifications/email', {
      to: [{ email: 'a@gmail.com' }],
      subject: 'Hola',
      body: 'x',
    });
    expect(customer.statusCode).toBe(403);
    expect(
      (
        await call(elena.authorization, 'POST', '/api/notifications/email', {
          to: [],
          subject: 'Hola',
          body: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('live pushes sent in a batch', () => {
  it('delivers every signal of one turn of the event loop, in one statement', async () => {
    const hub = createNotificationHub(createNotificationChannel(t.database, t.app.log));
    await hub.start();
    const owners = [randomUUID(), randomUUID(), randomUUID()];
    const heard: string[] = [];
    const stops = owners.map((owner) => hub.subscribe(owner, (m) => heard.push(`${m.owner}:${m.id}`)));
    await Promise.all(
      owners.map((owner, k) => signalSoon(t.database.db, { kind: 'notification', owner, id: `n${k}` })),
    );
    for (let k = 0; k < 50 && heard.length < owners.length; k++) await new Promise((r) => setTimeout(r, 20));
    expect(heard.sort()).toEqual(owners.map((owner, k) => `${owner}:n${k}`).sort());
    for (const stop of stops) stop();
    await hub.close();
  });
});

describe('notifications written before events were stored', () => {
  it('migration 0019 gives old payment, contract and access rows their event and parameters', async () => {
    const paymentId = randomUUID();
    await t.database.db.insert(paymentRequests).values({
      id: paymentId,
      space: 'ahab',
      userId: mariaId,
      cc: '2300000000001',
      type: 'CC',
      method: 'ENZONA',
      status: 'CANCELED',
      amountCents: 860,
      externalId: `legacy-${paymentId}`,
      expiresAt: new Date(),
    });
    const legacy = [
      {
        body: { status: 'CANCELED', name: 'Pago $8.60 · 2300000000001' },
        module: 'payments',
        paymentId,
        resultCode: 4,
      },
      { body: { status: 'REVIEW', name: 'AB12-CD34' }, requestId: 'AB12-CD34', kind: 'CONTRACT_REQUEST' },
      {
        body: { status: 'REJECTED', name: 'Cajero' },
        kind: 'ACCESS_REQUEST',
        accessRequestId: 'x',
        reason: 'No',
      },
      { body: { status: 'X', name: 'Otra cosa' } },
    ];
    const ids: string[] = [];
    for (const payload of legacy) {
      const [row] = await t.database.db
        .insert(notifications)
        .values({ space: 'ahab', owner: mariaId, type: 'TASK_UPDATE_STATE', payload })
        .returning({ id: notifications.id });
      ids.push(row.id);
    }
    const migration = readFileSync(
      new URL('../../../drizzle/0019_notification_events.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /UPDATE/.test(s)))
      await t.database.db.execute(sql.raw(statement));
    const rows = await Promise.all(
      ids.map(
        async (id) => (await t.database.db.select().from(notifications).where(eq(notifications.id, id)))[0],
      ),
    );
    expect(rows.map((r) => r.event)).toEqual([
      'PAYMENT_STATUS',
      'CONTRACT_REQUEST_STATUS',
      'ACCESS_REQUEST_DECIDED',
      null,
    ]);
    expect(rows[0].params).toMatchObject({
      paymentId,
      status: 'CANCELED',
      amountCents: 860,
      cc: '2300000000001',
      method: 'ENZONA',
      type: 'CC',
      resultCode: 4,
    });
    expect(rows[1].params).toEqual({ requestId: 'AB12-CD34', status: 'REVIEW' });
    expect(rows[2].params).toMatchObject({ role: 'Cajero', status: 'REJECTED', reason: 'No' });
    const listed = (
      await call(maria.authorization, 'POST', '/api/notifications/search', { size: 50 })
    ).json();
    expect(listed.find((n: { id: string }) => n.id === ids[0])).toMatchObject({
      event: 'PAYMENT_STATUS',
      params: { amountCents: 860 },
    });
  });
});
