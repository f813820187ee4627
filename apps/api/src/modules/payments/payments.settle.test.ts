import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPayments, mailOutbox, notifications, traces } from '../../db/schema';
import { insertWhere, pendingInsert } from '../../lib/batch';
import {
  CC_HOTEL,
  CC_NO_DEBT,
  hotelPaysOldestInvoiceByTm,
  JOSE,
  openInvoices,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../test/payments-world';
import { contactReadWith } from './payments.repository';
import { finishPayment, settlePaid } from './payments.settle';

let w: PaymentsWorld;

beforeAll(async () => {
  w = await startPaymentsWorld();
});
afterAll(() => w?.close());

const balance = () => w.payments.ctx.commercial.getAdvanceBalance(CC_NO_DEBT);

/** A Transfermóvil advance of José's, read back as a gateway callback reads it (with his contact). */
async function pendingAdvance(amountCents: number) {
  const res = await w.call('POST', '/api/payments/advance', await w.auth(JOSE), {
    cc: CC_NO_DEBT,
    method: 'TRANSFERMOVIL',
    amountCents,
  });
  expect(res.statusCode, res.body).toBe(201);
  const read = await w.payments.ctx.repo.byExternalId(res.json().transactionCode);
  expect(read?.status).toBe('PENDING');
  return read!;
}

async function writesOf(paymentId: string) {
  const db = w.t.database.db;
  const updates = await db
    .select()
    .from(traces)
    .where(and(eq(traces.entityId, paymentId), eq(traces.type, 'UPDATE')));
  const told = await db.select().from(notifications);
  const ledger = await db.select().from(ledgerPayments).where(eq(ledgerPayments.paymentId, paymentId));
  return {
    trace: updates[0],
    updates: updates.length,
    notifications: told.filter((n) => (n.payload as { paymentId?: string }).paymentId === paymentId),
    ledger,
    events: (await w.events(paymentId)).map((e) => e.outcome),
  };
}

describe('settling a payment read by a callback (one statement)', () => {
  it('credits the advance and bonus and writes the trace, notification, receipt e-mail and event', async () => {
    const before = await balance();
    const p = await pendingAdvance(20_000);
    expect(contactReadWith(p)).toMatchObject({ email: JOSE });
    const { payment, changed } = await settlePaid(w.payments.ctx, p, { source: 'TM_NOTIFY' });
    expect(changed).toBe(true);
    expect(payment).toMatchObject({ status: 'PAYED', resultCode: 2, version: p.version + 1 });
    expect(await w.row(p.id)).toMatchObject({ status: 'PAYED', resultCode: 2, version: p.version + 1 });
    expect(await balance()).toBe(before + 21_000);
    const writes = await writesOf(p.id);
    expect(writes.ledger).toHaveLength(1);
    expect(writes.ledger[0]).toMatchObject({ kind: 'ADELANTO', amountCents: 20_000, bonusCents: 1000 });
    expect(writes.updates).toBe(1);
    expect(writes.trace).toMatchObject({ module: 'payments', section: 'payment-requests' });
    expect((writes.trace.payload as any).changes.status).toEqual({ before: 'PENDING', after: 'PAYED' });
    expect(writes.notifications).toHaveLength(1);
    expect(writes.events).toEqual(['SETTLED']);
    const mails = await w.t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, JOSE), eq(mailOutbox.kind, 'payment-receipt')));
    expect(mails.some((m) => m.text.includes(p.externalId!) && m.subject.includes('$200.00'))).toBe(true);
  });

  it('a row read before another callback settled it changes nothing more (duplicate logged)', async () => {
    const before = await balance();
    const stale = await pendingAdvance(15_000);
    // Another delivery settles it first (by id: the transactional path).
    await settlePaid(w.payments.ctx, stale.id, { source: 'TM_NOTIFY' });
    expect(await balance()).toBe(before + 15_750);
    const again = await settlePaid(w.payments.ctx, stale, { source: 'TM_NOTIFY' });
    expect(again.changed).toBe(false);
    expect(again.payment.status).toBe('PAYED');
    expect(await balance()).toBe(before + 15_750);
    const writes = await writesOf(stale.id);
    expect(writes.ledger).toHaveLength(1);
    expect(writes.notifications).toHaveLength(1);
    expect(writes.events.sort()).toEqual(['DUPLICATE', 'SETTLED']);
  });

  it('two callbacks racing with the same row: exactly one credit', async () => {
    const before = await balance();
    const p = await pendingAdvance(30_000);
    const copy = { ...p };
    const results = await Promise.all([
      settlePaid(w.payments.ctx, p, { source: 'TM_NOTIFY' }),
      settlePaid(w.payments.ctx, copy, { source: 'TM_NOTIFY' }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await balance()).toBe(before + 31_500);
    expect((await writesOf(p.id)).ledger).toHaveLength(1);
  });

  it('a failed invoice payment frees its invoices and credits nothing', async () => {
    const { inv, created } = await hotelPaysOldestInvoiceByTm(w);
    expect((await openInvoices(w, CC_HOTEL)).find((i) => i.id === inv.id)?.displayStatus).toBe('Procesando');
    const p = (await w.payments.ctx.repo.byExternalId(created.transactionCode))!;
    const { payment, changed } = await finishPayment(
      w.payments.ctx,
      p,
      { kind: 'FAILED', code: 4 },
      { source: 'TM_NOTIFY' },
    );
    expect(changed).toBe(true);
    expect(payment).toMatchObject({ status: 'FAILED', resultCode: 4 });
    const after = (await openInvoices(w, CC_HOTEL)).find((i) => i.id === inv.id);
    expect(after?.displayStatus).not.toBe('Procesando');
    expect(after?.dueCents).toBe(inv.dueCents);
    const writes = await writesOf(p.id);
    expect(writes.ledger).toHaveLength(0);
    expect(writes.events).toEqual(['FAILED']);
  });
});

describe('insertWhere', () => {
  it('writes the row (JSON and defaults included) only when its condition holds', async () => {
    const db = w.t.database.db;
    const row = (section: string) =>
      pendingInsert(traces, {
        space: 'ahab',
        type: 'CREATE',
        owner: null,
        module: 'tests',
        section,
        entityId: null,
        payload: { changes: { note: { before: null, after: 'ñandú "quoted"' } } },
      });
    await db.execute(insertWhere(row('insert-where-no'), sql`1 = 0`));
    await db.execute(insertWhere(row('insert-where-yes'), sql`1 = 1`));
    const rows = await db.select().from(traces).where(eq(traces.module, 'tests'));
    expect(rows.map((r) => r.section)).toEqual(['insert-where-yes']);
    expect(rows[0].payload).toEqual({ changes: { note: { before: null, after: 'ñandú "quoted"' } } });
    expect(rows[0].createdAt).toBeInstanceOf(Date);
  });
});
