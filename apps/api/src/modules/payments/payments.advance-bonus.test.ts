import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CC_NO_DEBT, JOSE, type PaymentsWorld, startPaymentsWorld } from '../../test/payments-world';

// The advance bonus on amounts whose 5 % is not a whole cent: the payment row, what the customer reads
// and what the ledger credits all use the domain's rule (floor to the cent; packages/domain
// payments/advance.ts). Every other API test deposits round amounts, where floor and ceil agree.
let w: PaymentsWorld;
let jose: string;

beforeAll(async () => {
  w = await startPaymentsWorld();
  jose = await w.auth(JOSE);
});
afterAll(() => w?.close());

const balance = async () =>
  (await w.call('GET', `/api/payments/advance/quote?cc=${CC_NO_DEBT}`, jose)).json().balanceCents as number;

describe('advance deposit of an odd amount (bonus 5 %)', () => {
  for (const [amountCents, bonusCents] of [
    [10_001, 500], // $100.01 → 500.05 cents → $5.00
    [19_999, 999], // $199.99 → 999.95 cents → $9.99
  ] as const) {
    it(`${amountCents} cents earn ${bonusCents} cents of bonus, and the balance grows by exactly their sum`, async () => {
      const before = await balance();
      const res = await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'ENZONA',
        amountCents,
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ amountCents, bonusCents, bonusPercent: 5 });
      expect(await w.row(created.paymentId)).toMatchObject({ amountCents, bonusCents });

      await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!);
      expect(await w.row(created.paymentId)).toMatchObject({ status: 'PAYED', resultCode: 2 });
      expect(await balance()).toBe(before + amountCents + bonusCents);
    });
  }

  it('settled by reconciliation (its notification lost), 10 001 cents still earn 500 cents and credit 10 501', async () => {
    const before = await balance();
    const res = await w.call('POST', '/api/payments/advance', jose, {
      cc: CC_NO_DEBT,
      method: 'TRANSFERMOVIL',
      amountCents: 10_001,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ amountCents: 10_001, bonusCents: 500 });
    // Paid in the bank's app, but the notification never arrives: the reconciliation pass settles it
    // (the ledger's transactional credit, not the one-statement settlement a callback takes).
    await w.sandbox.fault('transfermovil', 'drop', { times: 1 });
    await w.tmApprove(created.transactionCode);
    expect((await w.row(created.paymentId)).status).toBe('PENDING');
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    expect(await w.row(created.paymentId)).toMatchObject({ status: 'PAYED', bonusCents: 500 });
    expect(await balance()).toBe(before + 10_501);
  });
});
