import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES, demoInvoiceNumber } from '@ov/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { caller, JOSE, MARIA, STAFF } from '../../test/billing-world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let maria: ReturnType<typeof caller>;
let jose: ReturnType<typeof caller>;
let staff: ReturnType<typeof caller>;
const [FREE, PAID_UP, AGREED, NO_CONTRACT] = DEMO_UNLINKED_CODES;
const MARIA_1 = DEMO_LINKED_CODES[0].cc;

beforeAll(async () => {
  t = await createTestApp();
  const as = async (email: string) => caller(t.app, (await t.login(email, DEMO_PASSWORD)).authorization);
  [maria, jose, staff] = await Promise.all([MARIA, JOSE, STAFF].map(as));
});
afterAll(() => t.close());

describe('associating and dissociating client codes', () => {
  it('refuses a wrong ownership proof with 499 and associates with the contract number', async () => {
    const wrong = await jose.post('associate-cc', { cc: FREE.cc, proof: 'CT-0000-000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 499 });
    expect(wrong.json().message).toMatch(/contrato/);
    const ok = await jose.post('associate-cc', {
      cc: FREE.cc,
      proof: ` ${FREE.contractNumber!.toLowerCase()} `,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ cc: FREE.cc, holder: FREE.holder, active: true });
    expect(ok.json().totalDebtCents).toBeGreaterThan(0);
    const mine = (await jose.post('my-ccs')).json().map((c: { cc: string }) => c.cc);
    expect(mine).toContain(FREE.cc);
    expect((await jose.post('total-debt', { cc: FREE.cc })).statusCode).toBe(200);
  });

  it('answers 497 when the code is already associated, to the caller or anyone else', async () => {
    expect(
      (await jose.post('associate-cc', { cc: FREE.cc, proof: FREE.contractNumber })).json().reference,
    ).toBe(497);
    expect(
      (await maria.post('associate-cc', { cc: FREE.cc, proof: FREE.contractNumber })).json().reference,
    ).toBe(497);
    expect((await jose.post('associate-cc', { cc: MARIA_1, proof: 'x' })).json().reference).toBe(497);
  });

  it('accepts the number of one of the last three invoices as proof, not an older one', async () => {
    const old = await maria.post('associate-cc', {
      cc: NO_CONTRACT.cc,
      proof: demoInvoiceNumber(NO_CONTRACT.cc, 9),
    });
    expect(old.json().reference).toBe(499);
    const ok = await maria.post('associate-cc', {
      cc: NO_CONTRACT.cc,
      proof: demoInvoiceNumber(NO_CONTRACT.cc, 10),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 357 for a bad format and result code 5 ("El código de cliente no existe") for an unknown code', async () => {
    expect((await maria.post('associate-cc', { cc: 'abc', proof: 'x' })).json().reference).toBe(357);
    const unknown = await maria.post('associate-cc', { cc: '8888888888888', proof: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      name: 'PAYMENTRESULT',
      reference: 5,
      message: 'El código de cliente no existe',
    });
  });

  it('dissociates the caller’s own code and then answers 498', async () => {
    const res = await jose.post('dissociate-cc', { cc: FREE.cc });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cc: FREE.cc, associated: false });
    expect((await jose.post('dissociate-cc', { cc: FREE.cc })).json().reference).toBe(498);
    expect((await jose.post('total-debt', { cc: FREE.cc })).json().reference).toBe(498);
  });

  it('does not let a customer dissociate someone else’s code (498)', async () => {
    expect((await jose.post('dissociate-cc', { cc: MARIA_1 })).json().reference).toBe(498);
    expect((await maria.post('my-ccs')).json().map((c: { cc: string }) => c.cc)).toContain(MARIA_1);
  });

  it('keeps association for customers: staff get 452', async () => {
    expect(
      (await staff.post('associate-cc', { cc: PAID_UP.cc, proof: PAID_UP.contractNumber })).json().reference,
    ).toBe(452);
    expect((await staff.post('my-ccs')).json().reference).toBe(452);
  });

  it('throttles repeated wrong proofs with 429', async () => {
    let last = 0;
    for (let k = 0; k < 6; k++)
      last = (await maria.post('associate-cc', { cc: AGREED.cc, proof: `nope-${k}` })).statusCode;
    expect(last).toBe(429);
    const blocked = await maria.post('associate-cc', { cc: AGREED.cc, proof: AGREED.contractNumber });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // Another API process on the same database (or this one restarted) keeps refusing.
    const { authorization } = await t.login(MARIA, DEMO_PASSWORD);
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const again = await caller(other, authorization).post('associate-cc', {
        cc: AGREED.cc,
        proof: AGREED.contractNumber,
      });
      expect(again.statusCode).toBe(429);
      expect(again.json().reference).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('stops a customer enumerating client codes through validate-ccs; staff are not limited', async () => {
    const answers: number[] = [];
    for (let k = 0; k < 60; k++)
      answers.push((await jose.post('validate-ccs', { cc: String(2399000000000 + k) })).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true); // unknown codes (5): 10 in 15 minutes
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    const refused = await jose.post('validate-ccs', { cc: FREE.cc });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    for (let k = 0; k < 15; k++)
      expect((await staff.post('validate-ccs', { cc: String(2399000000100 + k) })).json().reference).toBe(5);
  });

  it('requires a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ahab-requests/debts-ccs', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
