import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReference, TOKEN } from '../../../../commercial-reference/src/test-helpers';
import { clientCodeLinks, commercialState, mailOutbox, notifications, users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import type { CommercialSystem } from '../billing';
import { createCommercialClient } from './commercial.client';
import { createFeedRepository } from './feed.repository';
import { compareCursors, createCommercialFeed } from './feed.service';

type Reference = Awaited<ReturnType<typeof startReference>>;
const MARIA = 'maria.perez@example.cu';

let ref: Reference;
let t: TestApp;
let mariaId: string;
let mariaCc: string;
let forgotten: string[][];
let feed: ReturnType<typeof createCommercialFeed>;

beforeAll(async () => {
  ref = await startReference();
  t = await createTestApp({
    env: { COMMERCIAL_SYSTEM: 'http', COMMERCIAL_SYSTEM_URL: ref.url, COMMERCIAL_SYSTEM_TOKEN: TOKEN },
  });
  const db = t.database.db;
  const [m] = await db
    .select({ id: users.id, cc: clientCodeLinks.cc })
    .from(users)
    .innerJoin(clientCodeLinks, eq(clientCodeLinks.userId, users.id))
    .where(eq(users.email, MARIA))
    .limit(1);
  mariaId = m.id;
  mariaCc = m.cc;
  // The reader as the container builds it, with the live invoice read of the contract and a record of
  // what it made the portal forget (the HTTP adapter's part: in-app figures are its own tests').
  const client = createCommercialClient({ url: ref.url, token: TOKEN, timeoutMs: 2000 });
  const commercial: Pick<CommercialSystem, 'getInvoice' | 'forget'> = {
    async getInvoice(cc, invoiceNumber) {
      const i = await client.invoice(cc, invoiceNumber);
      return i
        ? {
            id: i.invoiceNumber,
            cc,
            number: i.invoiceNumber,
            issuedOn: i.issuedAt.slice(0, 10),
            periodFrom: i.periodFrom,
            periodTo: i.periodTo,
            invoicedCents: i.amountCents,
            paidCents: i.paidCents,
            bonusCents: 0,
            toPayCents: i.dueCents,
            partial: i.status === 'PARTIAL',
            policy: null,
            status: 'PENDING',
            displayStatus: 'Pendiente',
            consumptionM3: null,
          }
        : null;
    },
    async forget(ccs) {
      forgotten.push(ccs);
    },
  };
  feed = createCommercialFeed({
    feed: createFeedRepository(db),
    client,
    commercial,
    locks: t.database,
    publicUrl: 'https://ov.example.cu',
    space: 'ahab',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ref?.close();
});
beforeEach(async () => {
  forgotten = [];
  await ref.api.post('/control/reset', {});
});

const feedState = async () =>
  (await t.database.db.select().from(commercialState).where(eq(commercialState.name, 'feed')))[0];
const invoiceNotices = (owner: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.owner, owner), eq(notifications.event, 'INVOICE_ISSUED')));
const invoiceMails = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'invoice-issued')));
const setPrefs = (app: boolean, email: boolean) =>
  t.database.db
    .update(users)
    .set({ notifyInvoiceApp: app, notifyInvoiceEmail: email })
    .where(eq(users.id, mariaId));
const fault = (mode: string, extra: object = {}) =>
  ref.api.post('/control/faults', { target: 'changes', mode, ...extra });
/** Reads the feed through (the reference's own events first: the demo store's history). */
const catchUp = async () => {
  for (let i = 0; i < 50; i++) if (!(await feed.readFeedOnce()).events) return;
};

describe('cursor order (the contract)', () => {
  it('compares digits-only cursors as integers, others byte by byte', () => {
    expect(compareCursors('42', '108')).toBeLessThan(0);
    expect(compareCursors('0000000000000108', '42')).toBeGreaterThan(0);
    expect(compareCursors('b', 'a')).toBeGreaterThan(0);
    expect(compareCursors('a10', 'a9')).toBeLessThan(0);
    expect(compareCursors('7', '7')).toBe(0);
  });
});

describe('the change feed reader', () => {
  it('reads through the feed, stores the cursor and makes the portal forget the codes named', async () => {
    await catchUp();
    const before = await feedState();
    expect(before.okAt).toBeTruthy();
    await ref.ledger.postPayment(
      'office-payment-0001',
      {
        paymentId: 'office-payment-0001',
        cc: mariaCc,
        type: 'CC',
        method: 'OFICINA_COMERCIAL',
        gatewayReference: 'CAJA',
        paidAt: new Date().toISOString(),
        amountCents: 100,
        bonusCents: 0,
        invoices: [
          {
            invoiceNumber: (await ref.ledger.listInvoices(mariaCc, { status: 'open', page: 1, size: 1 }))!
              .rows[0].invoiceNumber,
            amountCents: 100,
          },
        ],
      },
      'OFFICE',
    );
    forgotten = [];
    const pass = await feed.readFeedOnce();
    expect(pass).toMatchObject({ ran: true, events: 1 });
    expect(forgotten.flat()).toEqual([mariaCc]);
    const after = await feedState();
    expect(after.cursor).toBeTruthy();
    if (before.cursor) expect(compareCursors(after.cursor as string, before.cursor)).toBeGreaterThan(0);
    expect(after.lastEventAt).toBeTruthy();
  });

  it('tells the holder of a code about a new invoice in the app, once even when the feed repeats it', async () => {
    await catchUp();
    await setPrefs(true, false);
    const before = (await invoiceNotices(mariaId)).length;
    const invoice = await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 123450 });
    await fault('duplicate');
    const pass = await feed.readFeedOnce();
    expect(pass.announced).toBe(1);
    // Redelivered again on the next read, and read again from an older cursor: nothing new is told.
    await feed.readFeedOnce();
    await t.database.db.update(commercialState).set({ cursor: null }).where(eq(commercialState.name, 'feed'));
    await catchUp();
    const notices = await invoiceNotices(mariaId);
    expect(notices.length).toBe(before + 1);
    const notice = notices.find(
      (n) => (n.params as { invoiceNumber: string }).invoiceNumber === invoice.invoiceNumber,
    );
    expect(notice?.params).toMatchObject({ cc: mariaCc, amountCents: 123450 });
    // As María reads it in her drawer.
    const maria = await t.login(MARIA, DEMO_PASSWORD);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/search',
      headers: { authorization: maria.authorization },
      payload: {},
    });
    const row = list.json().find((n: { event: string }) => n.event === 'INVOICE_ISSUED');
    expect(row.params.invoiceNumber).toBe(invoice.invoiceNumber);
    const [y1, m1, d1] = invoice.periodFrom.split('-');
    const [y2, m2, d2] = invoice.periodTo.split('-');
    const { describeNotification } = await import('@ov/domain');
    expect(describeNotification(row.event, row.params, 'es')?.text).toBe(
      `Nueva factura de ${d1}/${m1}/${y1} – ${d2}/${m2}/${y2}: $1,234.50`,
    );
    // She asked for no e-mail.
    expect(await invoiceMails(MARIA)).toEqual([]);
  });

  it('e-mails a new invoice only to a holder who said yes, and then not in the app if they said no', async () => {
    await catchUp();
    await setPrefs(false, true);
    const notices = (await invoiceNotices(mariaId)).length;
    const invoice = await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 5000 });
    await feed.readFeedOnce();
    const mails = await invoiceMails(MARIA);
    expect(mails.length).toBe(1);
    expect(mails[0].subject).toMatch(/^Nueva factura de \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}: \$50\.00$/);
    expect(mails[0].text).toContain(invoice.invoiceNumber);
    expect(mails[0].text).toContain('https://ov.example.cu/oficina_virtual/payments/payments');
    expect((await invoiceNotices(mariaId)).length).toBe(notices);
    // In English for a reader in English; and still once when redelivered.
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, mariaId));
    await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 7000 });
    await fault('duplicate', { times: 2 });
    await feed.readFeedOnce();
    await feed.readFeedOnce();
    const all = await invoiceMails(MARIA);
    expect(all.length).toBe(2);
    expect(all.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^New invoice for .*: \$70\.00$/));
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, mariaId));
    await setPrefs(true, false);
  });

  it('never moves the cursor back on an out-of-order page, and records the anomaly', async () => {
    await catchUp();
    await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 1000 });
    await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 2000 });
    const before = await feedState();
    await fault('reorder', { times: 1 });
    const pass = await feed.readFeedOnce();
    expect(pass.error).toMatch(/out-of-order/);
    const after = await feedState();
    expect(compareCursors(after.cursor as string, before.cursor as string)).toBeGreaterThan(0);
    expect(after.lastError).toMatch(/out-of-order/);
    // Both invoices told once all the same.
    const notices = await invoiceNotices(mariaId);
    expect(
      notices.filter((n) => [1000, 2000].includes((n.params as { amountCents: number }).amountCents)),
    ).toHaveLength(2);
    // A next cursor before the stored one (a system that went back) leaves the stored one.
    const stored = after.cursor as string;
    await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 3000 });
    await fault('reorder', { times: 1 });
    await feed.readFeedOnce();
    expect(compareCursors((await feedState()).cursor as string, stored)).toBeGreaterThanOrEqual(0);
  });

  it('records that the system is down and keeps the cursor; reads on once it is back', async () => {
    await catchUp();
    const before = await feedState();
    await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 4000 });
    await ref.api.post('/control/faults', { target: 'api', mode: 'fail', status: 503 });
    const pass = await feed.readFeedOnce();
    expect(pass.error).toMatch(/server/);
    const failed = await feedState();
    expect(failed.cursor).toBe(before.cursor);
    expect(failed.lastError).toMatch(/503/);
    expect(failed.lastError).not.toContain(ref.url);
    expect(failed.lastErrorAt!.getTime()).toBeGreaterThanOrEqual(before.okAt!.getTime());
    await ref.api.post('/control/reset', {});
    const back = await feed.readFeedOnce();
    expect(back.error).toBeUndefined();
    expect(back.announced).toBe(1);
    expect(compareCursors((await feedState()).cursor as string, before.cursor as string)).toBeGreaterThan(0);
  });

  it('is read by one process at a time: two passes at once, one reads', async () => {
    await ref.ledger.issueNextInvoice(mariaCc, { amountCents: 6000 });
    await ref.api.post('/control/faults', { target: 'api', mode: 'slow', delayMs: 300 });
    const [a, b] = await Promise.all([feed.readFeedOnce(), t.container.commercialFeed!.readFeedOnce()]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    await ref.api.post('/control/reset', {});
  });

  it('is built by the container with COMMERCIAL_SYSTEM=http and answers on the health endpoint', async () => {
    expect(t.container.commercialFeed).toBeTruthy();
    await t.container.commercialFeed!.readFeedOnce();
    await t.database.db.execute(
      sql`insert into commercial_state (name, ok_at) values ('reads', now()) on conflict (name) do update set ok_at = now()`,
    );
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health/commercial' });
    expect(anonymous.statusCode).toBe(200);
    const h = anonymous.json();
    expect(h.kind).toBe('http');
    expect(h.lastReadOkAt).toBeTruthy();
    expect(h.feed.readAt).toBeTruthy();
    expect(h.feed.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(h)).not.toContain(ref.url);
    expect(JSON.stringify(h)).not.toContain(TOKEN);
    // The error's words are for administrators only.
    await t.database.db
      .update(commercialState)
      .set({ lastError: 'server: GET /v1/changes: 503', lastErrorAt: new Date() })
      .where(eq(commercialState.name, 'feed'));
    expect((await t.app.inject({ method: 'GET', url: '/api/health/commercial' })).json().lastError).toEqual({
      at: expect.any(String),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/commercial/details' })).statusCode).toBe(
      401,
    );
    const admin = await t.login();
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/health/commercial/details',
      headers: { authorization: admin.authorization },
    });
    expect(details.json().lastError.message).toBe('server: GET /v1/changes: 503');
    const maria = await t.login(MARIA, DEMO_PASSWORD);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/health/commercial/details',
      headers: { authorization: maria.authorization },
    });
    expect(refused.statusCode).toBe(403);
  });
});
