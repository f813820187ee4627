import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPayments } from '../../db/schema';
import { SANDBOX_CREDENTIALS } from '../../test/payments-sandbox';
import {
  CC_HOTEL,
  CC_NO_DEBT,
  HOTEL,
  JOSE,
  openInvoices,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../test/payments-world';
import { transfermovilHeaders } from './gateways';

/** Real concurrency needs real connections: PostgreSQL only (PGlite runs one query at a time). */
describe.skipIf(!process.env.DATABASE_URL)('payments under concurrency (PostgreSQL)', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await startPaymentsWorld();
  });
  afterAll(() => w?.close());

  it('two requests paying the same invoices at once: exactly one succeeds, the other gets 4', async () => {
    const hotel = await w.auth(HOTEL);
    const invoices = await openInvoices(w, CC_HOTEL);
    const body = {
      cc: CC_HOTEL,
      invoiceIds: invoices.map((i) => i.id),
      method: 'TRANSFERMOVIL',
      amountCents: invoices.reduce((s, i) => s + i.dueCents, 0),
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => w.call('POST', '/api/payments/invoices', hotel, body)),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 4 });
    const claimed = await openInvoices(w, CC_HOTEL);
    expect(new Set(claimed.map((i) => i.inFlightPaymentId))).toEqual(new Set([ok[0].json().paymentId]));
  });

  it('20 copies of the same notification at once: the ledger changes once', async () => {
    const jose = await w.auth(JOSE);
    const created = (
      await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'TRANSFERMOVIL',
        amountCents: 10_000,
      })
    ).json();
    await w.sandbox.fault('transfermovil', 'drop', { times: 1 });
    await w.tmApprove(created.transactionCode);
    const before = await w.payments.ctx.commercial.getAdvanceBalance(CC_NO_DEBT);
    const headers = transfermovilHeaders(SANDBOX_CREDENTIALS.transfermovil, new Date());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${w.apiUrl}/api/payments/transfermovil/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ Source: 8001, ExternalId: created.transactionCode, Status: 3 }),
        }).then((r) => r.json()),
      ),
    );
    expect(answers.every((a) => a.Success === true)).toBe(true);
    const rows = await w.t.database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.paymentId, created.paymentId));
    expect(rows).toHaveLength(1);
    expect(await w.payments.ctx.commercial.getAdvanceBalance(CC_NO_DEBT)).toBe(before + 10_500);
  });

  it('a callback and the reconciliation job racing: settled once', async () => {
    const jose = await w.auth(JOSE);
    const created = (
      await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'ENZONA',
        amountCents: 10_000,
      })
    ).json();
    const ref = (await w.row(created.paymentId)).gatewayRef!;
    await w.sandbox.fault('enzona', 'drop', { times: 1 });
    await w.enzonaApprove(ref);
    await Promise.all([
      fetch(`${w.apiUrl}/api/payments/enzona/return?transaction_uuid=${ref}`, { redirect: 'manual' }),
      fetch(`${w.apiUrl}/api/payments/enzona/return?transaction_uuid=${ref}`, { redirect: 'manual' }),
      w.payments.reconcileOnce({ olderThanMs: 0 }),
      w.payments.reconcileOnce({ olderThanMs: 0 }),
    ]);
    const rows = await w.t.database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.paymentId, created.paymentId));
    expect(rows).toHaveLength(1);
    expect((await w.row(created.paymentId)).status).toBe('PAYED');
  });
});
