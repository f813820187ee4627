import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commercialPostings,
  mailOutbox,
  notifications,
  paymentRequests,
  traces,
  users,
} from '../../db/schema';
import { REFERENCE_TOKEN, startReference, type TestReference } from '../../test/commercial-reference';
import {
  CC_HOTEL,
  eventually,
  HOTEL,
  hotelPaysOldestInvoiceByTm,
  JOSE,
  openInvoices,
  type PaymentsWorld,
  STAFF,
  startPaymentsWorld,
} from '../../test/payments-world';
import { ADMIN, createTestApp } from '../../test/test-app';
import { type CommercialClient, CommercialUnavailable } from './commercial.client';
import {
  BACKOFF_ANSWERING_MAX_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  createPostingsService,
} from './postings.service';

/**
 * The posting outbox against the reference commercial system in process (design §7): each confirmed
 * payment applied there once with its id as Idempotency-Key, whatever the system does in between
 * (answers lost after applying, 5xx, dropped connections), and a refused one (409) settled by the
 * customer's choice: a refund through the gateway or an advance on the code.
 */
describe('posting outbox (COMMERCIAL_SYSTEM=http, reference system)', () => {
  let ref: TestReference;
  let w: PaymentsWorld;
  /** Payments the tests below settle: applied as an advance, refunded by the payer. */
  let advanced = '';
  let refunded = '';

  beforeAll(async () => {
    ref = await startReference();
    w = await startPaymentsWorld({
      COMMERCIAL_SYSTEM: 'http',
      COMMERCIAL_SYSTEM_URL: ref.url,
      COMMERCIAL_SYSTEM_TOKEN: REFERENCE_TOKEN,
      COMMERCIAL_TIMEOUT_MS: '1000',
    });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await ref?.close();
  });

  const db = () => w.t.database.db;
  const postings = () => w.t.container.postings;
  const posting = async (id: string) =>
    (await db().select().from(commercialPostings).where(eq(commercialPostings.paymentId, id)))[0];
  /** Time passes: the posting's next attempt is due now. */
  const due = (id: string) =>
    db()
      .update(commercialPostings)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(commercialPostings.paymentId, id));

  /** Queues a CC posting of `cc`'s oldest open invoice in the reference, as settling a payment does. */
  async function queue(cc: string, paymentId: string = randomUUID(), method = 'TRANSFERMOVIL') {
    const invoices = await ref.openInvoices(cc);
    // The invoice the portal's payment paid (the same demo invoices on both sides), else the oldest.
    const paid = await db().select().from(paymentRequests).where(eq(paymentRequests.id, paymentId));
    const inv = invoices.find((i) => i.dueCents === paid[0]?.amountCents) ?? invoices.at(-1);
    if (!inv) throw new Error(`no open invoice of ${cc} in the reference`);
    const body = {
      paymentId,
      cc,
      type: 'CC' as const,
      method: method as 'TRANSFERMOVIL' | 'ENZONA',
      gatewayReference: `GW-${paymentId.slice(0, 8)}`,
      paidAt: new Date().toISOString(),
      amountCents: inv.dueCents,
      bonusCents: 0,
      invoices: [{ invoiceNumber: inv.invoiceNumber, amountCents: inv.dueCents }],
    };
    await w.t.container.postingsRepository.enqueue({ paymentId, space: 'ahab', cc, body });
    return { paymentId, body };
  }

  it('backs off 5 s × 2^n up to 10 min, with jitter', () => {
    expect(backoffMs(1, () => 0.5)).toBe(5000);
    expect(backoffMs(2, () => 0.5)).toBe(10_000);
    expect(backoffMs(3, () => 0)).toBe(16_000);
    expect(backoffMs(30, () => 1)).toBe(720_000);
    expect(backoffMs(30, () => 1, BACKOFF_ANSWERING_MAX_MS)).toBe(36_000);
  });

  it('while the system answers others, a posting whose answer was lost waits 30 s at most; while it answers nothing, up to 10 min', async () => {
    // A jobs process of its own (nothing answered yet), talking to a system the test steers.
    let answer: 'ok' | 'lost' = 'lost';
    const client = {
      postPayment: async () => {
        if (answer === 'lost') throw new CommercialUnavailable('unreachable', 'the answer was lost');
        return { postingId: `P-${randomUUID().slice(0, 8)}`, replayed: false };
      },
    } as unknown as CommercialClient;
    const jobs = createPostingsService({
      postings: w.t.container.postingsRepository,
      client,
      refunds: { request: async () => ({ status: 'REFUNDED' }) },
      publicUrl: 'http://localhost',
      leaseMs: 10_000,
      random: () => 1,
    });
    const enqueue = async (attempts: number) => {
      const paymentId = randomUUID();
      const body = {
        paymentId,
        cc: CC_HOTEL,
        type: 'ADELANTO' as const,
        method: 'ENZONA' as const,
        gatewayReference: `GW-${paymentId.slice(0, 8)}`,
        paidAt: new Date().toISOString(),
        amountCents: 10_000,
        bonusCents: 0,
        invoices: [],
      };
      await w.t.container.postingsRepository.enqueue({ paymentId, space: 'ahab', cc: CC_HOTEL, body });
      // It has failed before: its next backoff would be minutes.
      await db()
        .update(commercialPostings)
        .set({ attempts })
        .where(eq(commercialPostings.paymentId, paymentId));
      return paymentId;
    };
    const waitOf = async (id: string, from: number) => (await posting(id)).nextAttemptAt.getTime() - from;

    // Failing everything: the long backoff (attempt 9: 5 s × 2^8 capped at 10 min, +20 %).
    const lonely = await enqueue(8);
    let from = Date.now();
    expect(await jobs.postOnce()).toMatchObject({ retried: 1 });
    expect(await waitOf(lonely, from)).toBeGreaterThan(BACKOFF_MAX_MS);

    // It answers one; the next whose answer is lost waits 30 s (+20 %) at most.
    answer = 'ok';
    await due(lonely);
    expect(await jobs.postOnce()).toMatchObject({ posted: 1 });
    answer = 'lost';
    const unlucky = await enqueue(8);
    from = Date.now();
    expect(await jobs.postOnce()).toMatchObject({ retried: 1 });
    const wait = await waitOf(unlucky, from);
    expect(wait).toBeGreaterThan(BACKOFF_ANSWERING_MAX_MS);
    expect(wait).toBeLessThanOrEqual(BACKOFF_ANSWERING_MAX_MS * 1.2 + 1000);
    // Neither is a payment of the other tests' reconciliation.
    for (const id of [lonely, unlucky])
      await db().delete(commercialPostings).where(eq(commercialPostings.paymentId, id));
  });

  it('an answer lost after applying: retried with the same key, applied once, the same postingId', async () => {
    const { paymentId } = await queue('2300000000005');
    await ref.fault('payments', { mode: 'fail-after', times: 1 });
    expect(await postings().postOnce()).toMatchObject({ posted: 0, retried: 1 });
    const waiting = await posting(paymentId);
    expect(waiting.status).toBe('PENDING');
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toMatch(/503/);
    // Applied there already, once.
    const there = await ref.postingsOf(paymentId);
    expect(there).toHaveLength(1);
    // Not before its backoff: a pass now leaves it alone.
    expect(await postings().postOnce()).toMatchObject({ posted: 0, retried: 0 });
    await due(paymentId);
    expect(await postings().postOnce()).toMatchObject({ posted: 1 });
    const done = await posting(paymentId);
    expect(done.status).toBe('POSTED');
    expect(done.postingId).toBe(there[0].postingId);
    expect(await ref.postingsOf(paymentId)).toHaveLength(1);
  });

  it('5xx and a system that is down: retried with growing backoff, then posted once', async () => {
    const { paymentId } = await queue('2300000000006');
    await ref.fault('api', { mode: 'fail', status: 500, times: 1 });
    const before = Date.now();
    expect(await postings().postOnce()).toMatchObject({ retried: 1 });
    let row = await posting(paymentId);
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(3000);
    expect(await ref.postingsOf(paymentId)).toHaveLength(0);

    await due(paymentId);
    await ref.fault('api', { mode: 'down', times: 1 });
    const second = Date.now();
    expect(await postings().postOnce()).toMatchObject({ retried: 1 });
    row = await posting(paymentId);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(7000);
    expect(row.status).toBe('PENDING');

    await due(paymentId);
    expect(await postings().postOnce()).toMatchObject({ posted: 1 });
    row = await posting(paymentId);
    expect(row.status).toBe('POSTED');
    expect(row.attempts).toBe(3);
    const there = await ref.postingsOf(paymentId);
    expect(there).toHaveLength(1);
    expect(there[0].postingId).toBe(row.postingId);
  });

  it('after an outage, the first answer makes what waited due again (not minutes of backoff later)', async () => {
    // Two advances (nothing the reference could refuse), as a deposit's settlement queues them.
    const advance = async (cc: string) => {
      const paymentId = randomUUID();
      await w.t.container.postingsRepository.enqueue({
        paymentId,
        space: 'ahab',
        cc,
        body: {
          paymentId,
          cc,
          type: 'ADELANTO',
          method: 'ENZONA',
          gatewayReference: `GW-${paymentId.slice(0, 8)}`,
          paidAt: new Date().toISOString(),
          amountCents: 10_000,
          bonusCents: 500,
          invoices: [],
        },
      });
      return { paymentId };
    };
    const a = await advance('2300000000003');
    const b = await advance('2300000000003');
    await ref.fault('api', { mode: 'down', times: 2 });
    expect(await postings().postOnce()).toMatchObject({ retried: 2 });
    expect((await posting(b.paymentId)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2000);
    // The system is back; the first of them is due first.
    await due(a.paymentId);
    expect(await postings().postOnce()).toMatchObject({ posted: 1 });
    expect((await posting(b.paymentId)).nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await postings().postOnce()).toMatchObject({ posted: 1 });
    expect((await posting(b.paymentId)).status).toBe('POSTED');
    expect(await ref.postingsOf(b.paymentId)).toHaveLength(1);
  });

  it('ALREADY_PAID: kept REFUSED, the customer told in the app and by e-mail; ADVANCE posts an ADELANTO there', async () => {
    const { hotel, created } = await hotelPaysOldestInvoiceByTm(w);
    await w.tmApprove((await w.row(created.paymentId)).externalId);
    const paid = await eventually('the payment PAYED', async () => {
      const r = await w.row(created.paymentId);
      return r.status === 'PAYED' && r;
    });
    const { body } = await queue(CC_HOTEL, paid.id);
    advanced = paid.id;

    await ref.fault('payments', { mode: 'refuse', reason: 'ALREADY_PAID', times: 1 });
    expect(await postings().postOnce()).toMatchObject({ refused: 1 });
    const refused = await posting(paid.id);
    expect(refused.status).toBe('REFUSED');
    expect(refused.refusalReason).toBe('ALREADY_PAID');
    expect(await ref.postingsOf(paid.id)).toHaveLength(0);
    // A later pass does not touch it: never dropped, never re-sent without a choice.
    expect(await postings().postOnce()).toMatchObject({ posted: 0, refused: 0, retried: 0 });

    // Told: the drawer (worded in the reader's language) and an e-mail.
    const [owner] = await db().select().from(users).where(eq(users.email, HOTEL));
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.owner, owner.id), eq(notifications.event, 'PAYMENT_POSTING_REFUSED')));
    expect(told).toHaveLength(1);
    expect(told[0].params).toMatchObject({ paymentId: paid.id, reason: 'ALREADY_PAID', cc: CC_HOTEL });
    const drawer = await w.call('GET', '/api/notifications/search', hotel);
    if (drawer.statusCode === 200) expect(drawer.body).toContain('PAYMENT_POSTING_REFUSED');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, HOTEL), eq(mailOutbox.kind, 'payment-posting-refused')));
    expect(mails).toHaveLength(1);
    expect(`${mails[0].subject}\n${mails[0].text}`).toMatch(/Pago no aplicado|Payment not applied/);
    expect(mails[0].text).toContain(`/oficina_virtual/payments/payment-record/${paid.id}`);

    // The payer sees it on the payment, with its reason.
    const seen = await w.call('GET', `/api/payments/${paid.id}`, hotel);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().posting).toMatchObject({
      status: 'REFUSED',
      refusalReason: 'ALREADY_PAID',
      choice: null,
    });

    // Only the payer chooses (staff through their own route).
    const jose = await w.auth(JOSE);
    const stranger = await w.call('POST', `/api/payments/${paid.id}/posting/choice`, jose, {
      choice: 'ADVANCE',
    });
    expect(stranger.statusCode).toBe(404);
    const bad = await w.call('POST', `/api/payments/${paid.id}/posting/choice`, hotel, { choice: 'KEEP' });
    expect(bad.statusCode).toBe(400);

    const balanceBefore = (await ref.account(CC_HOTEL)).advanceBalanceCents;
    const chose = await w.call('POST', `/api/payments/${paid.id}/posting/choice`, hotel, {
      choice: 'ADVANCE',
    });
    expect(chose.statusCode).toBe(200);
    expect(chose.json()).toMatchObject({
      paymentId: paid.id,
      paymentStatus: 'PAYED',
      posting: { status: 'PENDING', choice: 'ADVANCE', type: 'ADELANTO' },
    });
    const again = await w.call('POST', `/api/payments/${paid.id}/posting/choice`, hotel, {
      choice: 'REFUND',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().reference).toBe(487);

    expect(await postings().postOnce()).toMatchObject({ posted: 1 });
    const resolved = await posting(paid.id);
    expect(resolved.status).toBe('RESOLVED');
    expect(resolved.choice).toBe('ADVANCE');
    const there = await ref.postingsOf(paid.id);
    expect(there).toHaveLength(1);
    expect(there[0]).toMatchObject({
      type: 'ADELANTO',
      amountCents: body.amountCents,
      postingId: resolved.postingId,
    });
    expect((await ref.account(CC_HOTEL)).advanceBalanceCents).toBe(balanceBefore + body.amountCents);

    // Traced like every change of a payment.
    const trail = await db()
      .select()
      .from(traces)
      .where(and(eq(traces.entityId, paid.id), eq(traces.section, 'commercial-postings')));
    expect(trail.length).toBeGreaterThanOrEqual(3);
  });

  it('REFUND by the payer: EnZona refunds at once (REFUNDED); the posting is RESOLVED with the refund', async () => {
    const hotel = await w.auth(HOTEL);
    const [inv] = await openInvoices(w, CC_HOTEL);
    const res = await w.call('POST', '/api/payments/invoices', hotel, {
      cc: CC_HOTEL,
      invoiceIds: [inv.id],
      method: 'ENZONA',
      amountCents: inv.dueCents,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().paymentId as string;
    await w.enzonaApprove((await w.row(id)).gatewayRef!);
    await eventually('the payment PAYED', async () => (await w.row(id)).status === 'PAYED');
    await queue(CC_HOTEL, id, 'ENZONA');
    refunded = id;
    await ref.fault('payments', { mode: 'refuse', reason: 'AMOUNT_MISMATCH', times: 1 });
    expect(await postings().postOnce()).toMatchObject({ refused: 1 });

    const chose = await w.call('POST', `/api/payments/${id}/posting/choice`, hotel, { choice: 'REFUND' });
    expect(chose.statusCode).toBe(200);
    expect(chose.json()).toMatchObject({
      paymentStatus: 'REFUNDED',
      posting: { status: 'RESOLVED', choice: 'REFUND', refusalReason: 'AMOUNT_MISMATCH' },
    });
    expect((await w.row(id)).status).toBe('REFUNDED');
    expect(await ref.postingsOf(id)).toHaveLength(0);
  });

  it('staff settle a refused Transfermóvil payment with a refund: it waits in PENDING_REFUNDED for confirmation', async () => {
    const { created } = await hotelPaysOldestInvoiceByTm(w);
    await w.tmApprove((await w.row(created.paymentId)).externalId);
    const id = created.paymentId as string;
    await eventually('the payment PAYED', async () => (await w.row(id)).status === 'PAYED');
    await queue(CC_HOTEL, id);
    await ref.fault('payments', { mode: 'refuse', reason: 'ALREADY_PAID', times: 1 });
    await postings().postOnce();

    const staff = await w.auth(STAFF);
    // The payment record: filter on the posting's state, the reason on the payment.
    const list = await w.call('POST', '/api/payments/search', staff, {
      filters: [{ field: 'postingStatus', type: 'EQUAL', value: 'REFUSED' }],
      page: 1,
      size: 50,
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; posting?: { status: string; refusalReason: string } }[];
    expect(rows.map((r) => r.id)).toContain(id);
    expect(rows.every((r) => r.posting?.status === 'REFUSED')).toBe(true);
    expect(rows.find((r) => r.id === id)?.posting?.refusalReason).toBe('ALREADY_PAID');

    // The customer route is not staff's, nor the staff route the customer's.
    const hotel = await w.auth(HOTEL);
    const notMine = await w.call('POST', `/api/payments/${id}/posting/settle`, hotel, { choice: 'REFUND' });
    expect(notMine.statusCode).toBe(403);
    // Settling takes the payments write permission (the refund's): Ana reads payments, she does not refund.
    const reader = await w.call('POST', `/api/payments/${id}/posting/settle`, staff, { choice: 'REFUND' });
    expect(reader.statusCode).toBe(403);
    const admin = (await w.t.login(ADMIN.email, ADMIN.password)).authorization;
    const settled = await w.call('POST', `/api/payments/${id}/posting/settle`, admin, { choice: 'REFUND' });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      paymentStatus: 'PENDING_REFUNDED',
      posting: { status: 'RESOLVED', choice: 'REFUND' },
    });
    const confirmed = await w.call('POST', `/api/payments/${id}/refund/confirm`, admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('REFUNDED');
  });

  it('staff: the filter of postings waiting, the dashboard card and the daily reconciliation CSV', async () => {
    const waiting = await queue('2300000000008');
    await ref.fault('api', { mode: 'fail', times: 1 });
    await postings().postOnce();
    const staff = await w.auth(STAFF);
    const list = await w.call('POST', '/api/payments/search', staff, {
      filters: [{ field: 'postingStatus', type: 'EQUAL', value: 'PENDING' }],
      page: 1,
      size: 50,
    });
    expect(list.statusCode).toBe(200);
    expect(
      (list.json() as { posting: { status: string } }[]).every((r) => r.posting.status === 'PENDING'),
    ).toBe(true);

    const admin = (await w.t.login(ADMIN.email, ADMIN.password)).authorization;
    const card = await w.call('GET', '/api/dashboard/commercial-postings', admin);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ enabled: true, pending: 1, refused: 0 });
    expect(card.json().oldestPendingAt).toEqual(expect.any(String));

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Havana' }).format(new Date());
    const csv = await w.call('GET', `/api/payments/reconciliation.csv?date=${today}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`conciliacion-${today}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'result,paymentId,cc,paymentMethods,amount,paymentStatus,settledAt,postingStatus,postingType,postingAmount,postingId,refusalReason,choice',
    );
    const results = lines.slice(1).map((l) => l.split(',')[0]);
    // Mismatches first: everything before the first OK is a mismatch, nothing after it is.
    const firstOk = results.indexOf('OK');
    expect(firstOk).toBeGreaterThan(0);
    expect(results.slice(firstOk).every((r) => r === 'OK')).toBe(true);
    const line = (id: string) => lines.find((l) => l.includes(id));
    // Queued here without a portal payment: a posting nobody paid for, still waiting there.
    expect(line(waiting.paymentId)).toMatch(/^NO_PAYMENT,.*,PENDING,CC,/);
    // The payment applied as an advance after its refusal, and the one refunded: settled, nothing owed.
    expect(line(advanced)).toMatch(
      new RegExp(
        `^OK,${advanced},${CC_HOTEL},TRANSFERMOVIL,[0-9.]+,PAYED,.*,RESOLVED,ADELANTO,.*,ALREADY_PAID,ADVANCE$`,
      ),
    );
    expect(line(refunded)).toMatch(/^OK,.*,REFUNDED,.*,RESOLVED,CC,.*,AMOUNT_MISMATCH,REFUND$/);

    const wrong = await w.call('GET', '/api/payments/reconciliation.csv?date=2026-02-30', staff);
    expect(wrong.statusCode).toBe(400);
    const hotel = await w.auth(HOTEL);
    const customer = await w.call('GET', `/api/payments/reconciliation.csv?date=${today}`, hotel);
    expect(customer.statusCode).toBe(403);
  });
});

describe('posting outbox with the built-in ledger', () => {
  it('posts nothing, and the dashboard card says it does not apply', async () => {
    const t = await createTestApp();
    try {
      expect(await t.container.postings.postOnce()).toEqual({ posted: 0, refused: 0, retried: 0 });
      const admin = (await t.login()).authorization;
      const card = await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/commercial-postings',
        headers: { authorization: admin },
      });
      expect(card.json()).toEqual({ enabled: false, pending: 0, refused: 0, oldestPendingAt: null });
    } finally {
      await t.close();
    }
  });
});
