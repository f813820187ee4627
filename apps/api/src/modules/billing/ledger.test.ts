import { randomUUID } from 'node:crypto';
import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type CommercialSystem, LedgerRejection } from './commercial-system';
import { createLedgerCommercialSystem } from './ledger';

let t: TestApp;
let ledger: CommercialSystem;
const HOTEL = DEMO_LINKED_CODES[3].cc;
const AGREED = DEMO_UNLINKED_CODES[2].cc;
const PAID_UP = DEMO_UNLINKED_CODES[1].cc;

beforeAll(async () => {
  t = await createTestApp();
  ledger = createLedgerCommercialSystem(t.database.db);
});
afterAll(() => t.close());

const tx = <T>(fn: Parameters<typeof t.database.db.transaction<T>>[0]) => t.database.db.transaction(fn);
const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof LedgerRejection) return err.code;
    throw err;
  }
  return null;
};

describe('the built-in ledger', () => {
  it('answers concurrent calls (read together in one statement) as it answers each alone', async () => {
    const codes: string[] = [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES].map((c) => c.cc);
    const queries = codes.flatMap((cc) => [
      { cc, q: { page: 1, size: 10 } },
      { cc, q: { page: 2, size: 2 } },
      { cc, q: { page: 1, size: 3, from: '2025-01-01' } },
      { cc, q: { page: 1, size: 5, to: '2025-12-31' } },
      { cc, q: { page: 50, size: 10 } },
    ]);
    queries.push({ cc: '99999999999', q: { page: 1, size: 10 } });
    const alone = [];
    for (const { cc, q } of queries) alone.push(await ledger.getInvoices(cc, q));
    expect(alone.some((p) => p.rows.length > 1)).toBe(true);
    expect(await Promise.all(queries.map(({ cc, q }) => ledger.getInvoices(cc, q)))).toEqual(alone);

    // A call the database refuses (a date that does not exist) fails alone, not the calls read with it.
    const mixed = await Promise.allSettled([
      ledger.getInvoices(codes[0], { page: 1, size: 10 }),
      ledger.getInvoices(codes[0], { page: 1, size: 10, from: '2025-02-30' }),
      ledger.getInvoices(codes[1], { page: 2, size: 2 }),
    ]);
    expect(mixed.map((m) => m.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(mixed[0]).toEqual({ status: 'fulfilled', value: alone[0] });

    const sets = [...codes.map((cc) => [cc]), codes, [codes[0], codes[0], '99999999999']];
    const debtsAlone = [];
    for (const ccs of sets) debtsAlone.push(await ledger.getDebts(ccs));
    expect(debtsAlone.some((d) => d.some((x) => x.totalDebtCents > 0))).toBe(true);
    expect(await Promise.all(sets.map((ccs) => ledger.getDebts(ccs)))).toEqual(debtsAlone);
  });

  it('reports open invoices with what is due, oldest first', async () => {
    const debt = await ledger.getDebt(HOTEL);
    expect(debt.invoices).toHaveLength(3);
    expect(debt.invoices[0].displayStatus).toBe('Pago Parcial');
    expect(debt.totalDebtCents).toBe(debt.invoices.reduce((s, i) => s + i.dueCents, 0));
    const [summary] = await ledger.getDebts([HOTEL]);
    expect(summary.totalDebtCents).toBe(debt.totalDebtCents);
  });

  it('claims invoices for one payment, shows Procesando and refuses a second payment (4)', async () => {
    const { invoices } = await ledger.getDebt(HOTEL);
    const ids = [invoices[1].id];
    const first = randomUUID();
    const claimed = await tx((x) =>
      ledger.markInvoicesInFlight(x, { cc: HOTEL, invoiceIds: ids, paymentId: first }),
    );
    expect(claimed[0].displayStatus).toBe('Procesando');
    expect((await ledger.getInvoice(HOTEL, ids[0]))?.displayStatus).toBe('Procesando');
    const code = await rejection(
      tx((x) => ledger.markInvoicesInFlight(x, { cc: HOTEL, invoiceIds: ids, paymentId: randomUUID() })),
    );
    expect(code).toBe(4);
    expect(await tx((x) => ledger.releaseInvoices(x, first))).toBe(1);
    expect((await ledger.getInvoice(HOTEL, ids[0]))?.displayStatus).toBe('Pendiente');
  });

  it('refuses unknown or foreign invoices (7), agreed ones (12) and paid ones (3)', async () => {
    const pid = randomUUID();
    const foreign = (await ledger.getDebt(DEMO_LINKED_CODES[0].cc)).invoices[0].id;
    expect(
      await rejection(
        tx((x) => ledger.markInvoicesInFlight(x, { cc: HOTEL, invoiceIds: [foreign], paymentId: pid })),
      ),
    ).toBe(7);
    const agreed = (await ledger.getDebt(AGREED)).invoices.find((i) => i.displayStatus === 'Conveniada')!;
    expect(
      await rejection(
        tx((x) => ledger.markInvoicesInFlight(x, { cc: AGREED, invoiceIds: [agreed.id], paymentId: pid })),
      ),
    ).toBe(12);
    const paid = (await ledger.getInvoices(PAID_UP, { page: 1, size: 1 })).rows[0];
    expect(
      await rejection(
        tx((x) =>
          ledger.applyPayment(x, {
            cc: PAID_UP,
            invoiceIds: [paid.id],
            amountCents: 1,
            paymentId: pid,
            method: 'ENZONA',
          }),
        ),
      ),
    ).toBe(3);
  });

  it('applies a payment once, with exactly the amount due (13 otherwise)', async () => {
    const { invoices } = await ledger.getDebt(HOTEL);
    const ids = invoices.map((i) => i.id);
    const due = invoices.reduce((s, i) => s + i.dueCents, 0);
    const paymentId = randomUUID();
    const pay = (amountCents: number) =>
      tx((x) =>
        ledger.applyPayment(x, {
          cc: HOTEL,
          invoiceIds: ids,
          amountCents,
          paymentId,
          method: 'TRANSFERMOVIL',
        }),
      );
    expect(await rejection(pay(due - 1))).toBe(13);
    await tx((x) => ledger.markInvoicesInFlight(x, { cc: HOTEL, invoiceIds: ids, paymentId }));
    expect((await pay(due)).applied).toBe(true);
    expect((await pay(due)).applied).toBe(false);
    const after = await ledger.getDebt(HOTEL);
    expect(after.totalDebtCents).toBe(0);
    const inv = await ledger.getInvoice(HOTEL, ids[0]);
    expect(inv).toMatchObject({ displayStatus: 'Pagada', toPayCents: 0, paidCents: inv!.invoicedCents });
  });

  it('credits an advance with its bonus, once per payment', async () => {
    const before = await ledger.getAdvanceBalance(HOTEL);
    const paymentId = randomUUID();
    const credit = () =>
      tx((x) => ledger.creditAdvance(x, { cc: HOTEL, amountCents: 10_000, bonusPercent: 5, paymentId }));
    expect(await credit()).toEqual({ applied: true, creditedCents: 10_500, balanceCents: before + 10_500 });
    expect((await credit()).applied).toBe(false);
    expect(await ledger.getAdvanceBalance(HOTEL)).toBe(before + 10_500);
    expect((await ledger.getAdvanceBalances([HOTEL, PAID_UP])).get(HOTEL)).toBe(before + 10_500);
  });
});
