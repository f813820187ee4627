import { startReference, TOKEN } from '@ov/commercial-reference/test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commercialClaims, commercialLastKnown, commercialPostings, commercialState } from '../../db/schema';
import { DEFAULT_SPACE } from '../../db/seed';
import {
  CC_AGREED,
  CC_HOTEL,
  CC_NO_DEBT,
  CC_PARTIAL,
  eventually,
  HOTEL,
  JOSE,
  MARIA,
  type PaymentsWorld,
  STAFF,
  startPaymentsWorld,
} from '../../test/payments-world';
import { createClaimsRepository } from './claims.repository';
import { createCommercialClient } from './commercial.client';
import { createHttpCommercialSystem } from './commercial-system.http';
import { createDirectoryRepository } from './directory.repository';
import { createLastKnownRepository } from './last-known.repository';
import { createPostingsRepository } from './postings.repository';

/**
 * The portal in front of the reference commercial system (COMMERCIAL_SYSTEM=http), both in process:
 * what a customer reads is the reference's figures; when it does not answer, the last known ones with
 * their date; money moves only after a live confirmation.
 */
describe('the commercial system over HTTP', () => {
  let ref: Awaited<ReturnType<typeof startReference>>;
  let w: PaymentsWorld;
  const BREAKER_OPEN_MS = 3000;

  beforeAll(async () => {
    ref = await startReference();
    w = await startPaymentsWorld({
      COMMERCIAL_SYSTEM: 'http',
      COMMERCIAL_SYSTEM_URL: ref.url,
      COMMERCIAL_SYSTEM_TOKEN: TOKEN,
      COMMERCIAL_TIMEOUT_MS: '1000',
      COMMERCIAL_BREAKER_FAILURES: '3',
      COMMERCIAL_BREAKER_OPEN_MS: String(BREAKER_OPEN_MS),
    });
  }, 60_000);

  afterAll(async () => {
    await w?.close();
    await ref?.close();
  });

  const fault = async (body: Record<string, unknown>) => {
    const res = await ref.api.post('/control/faults', { target: 'api', ...body });
    expect(res.status).toBe(200);
  };
  const forget = (...ccs: string[]) => w.t.container.commercial.forget!(ccs);
  const debts = async (email: string) => {
    const res = await w.call('POST', '/api/ahab-requests/debts-ccs', await w.auth(email), {});
    return res;
  };
  const claimsOf = (cc: string) =>
    w.t.database.db.select().from(commercialClaims).where(eq(commercialClaims.cc, cc));

  afterEach(async () => {
    await ref.api.post('/control/reset', {});
    // The breaker may be open after a fault: wait until a read is live again.
    await eventually(
      'reads live again',
      async () => {
        await forget(CC_PARTIAL, CC_AGREED);
        const res = await debts(MARIA);
        return res.statusCode === 200 && res.json().every((d: { stale?: boolean }) => !d.stale);
      },
      BREAKER_OPEN_MS * 4,
    );
  });

  it('debts, codes and invoices are read live and are the reference’s figures', async () => {
    const remote = (await ref.api.post('/v1/accounts/lookup', { ccs: [CC_PARTIAL, CC_AGREED] })).body;
    const res = await debts(MARIA);
    expect(res.statusCode).toBe(200);
    const got = res.json();
    for (const a of remote) {
      const d = got.find((x: { cc: string }) => x.cc === a.cc);
      expect(d).toMatchObject({ cc: a.cc, totalDebtCents: a.debtCents, pendingInvoices: a.openInvoiceCount });
      expect(d.asOf).toBeUndefined();
      expect(d.stale).toBeUndefined();
    }

    const mine = (await w.call('POST', '/api/ahab-requests/my-ccs', await w.auth(MARIA), {})).json();
    const partial = mine.find((c: { cc: string }) => c.cc === CC_PARTIAL);
    const remotePartial = remote.find((a: { cc: string }) => a.cc === CC_PARTIAL);
    expect(partial).toMatchObject({
      holder: remotePartial.holderName,
      address: remotePartial.address,
      totalDebtCents: remotePartial.debtCents,
      advanceBalanceCents: remotePartial.advanceBalanceCents,
      commercialOffice: remotePartial.officeId,
    });

    const page = (await ref.api.get(`/v1/accounts/${CC_PARTIAL}/invoices?status=all&page=1&size=5`)).body;
    const inv = await w.call('POST', '/api/ahab-requests/invoice-cc', await w.auth(MARIA), {
      cc: CC_PARTIAL,
      page: 1,
      size: 5,
    });
    expect(inv.statusCode).toBe(200);
    expect(Number(inv.headers['x-total-count'])).toBe(page.total);
    const rows = inv.json();
    expect(rows.map((r: { number: string }) => r.number)).toEqual(
      page.rows.map((r: { invoiceNumber: string }) => r.invoiceNumber),
    );
    rows.forEach((r: Record<string, unknown>, k: number) => {
      const x = page.rows[k];
      expect(r).toMatchObject({
        id: x.invoiceNumber,
        invoicedCents: x.amountCents,
        paidCents: x.paidCents,
        toPayCents: x.status === 'PAID' ? 0 : x.dueCents,
        issuedOn: x.issuedAt.slice(0, 10),
        consumptionM3: null,
      });
      expect(r.displayStatus).toBe(
        { OPEN: 'Pendiente', PARTIAL: 'Pago Parcial', PAID: 'Pagada', AGREED: 'Conveniada' }[
          x.status as string
        ],
      );
    });
    expect(rows.some((r: { displayStatus: string }) => r.displayStatus === 'Pago Parcial')).toBe(true);

    // A display-status filter the contract does not have is applied on what it answers.
    const pending = await w.call('POST', '/api/ahab-requests/invoice-cc', await w.auth(MARIA), {
      cc: CC_AGREED,
      page: 1,
      size: 50,
      filters: { status: ['Conveniada'] },
    });
    const all = (await ref.api.get(`/v1/accounts/${CC_AGREED}/invoices?status=all&page=1&size=100`)).body;
    const agreed = all.rows.filter((r: { status: string }) => r.status === 'AGREED');
    expect(agreed.length).toBeGreaterThan(0);
    expect(Number(pending.headers['x-total-count'])).toBe(agreed.length);

    const one = await w.call('POST', '/api/ahab-requests/debts-invoice', await w.auth(MARIA), {
      cc: CC_PARTIAL,
      invoiceId: page.rows[0].invoiceNumber,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      number: page.rows[0].invoiceNumber,
      holder: remotePartial.holderName,
    });

    // Staff find a code of the utility's system by its number.
    const found = await w.call('POST', '/api/billing/accounts/search', await w.auth(STAFF), {
      page: 1,
      size: 5,
      search: CC_PARTIAL,
      filters: [],
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject([
      { cc: CC_PARTIAL, holder: remotePartial.holderName, associated: true },
    ]);
  });

  it('the system down: the last known figures with their date; paying answers 10 and claims nothing', async () => {
    const live = (await debts(MARIA)).json();
    await w.call('POST', '/api/ahab-requests/invoice-cc', await w.auth(MARIA), {
      cc: CC_PARTIAL,
      page: 1,
      size: 5,
    });
    await forget(CC_PARTIAL, CC_AGREED);
    // This process keeps the open invoices of the codes, as read a moment ago…
    for (const cc of [CC_PARTIAL, CC_AGREED]) await w.t.container.commercial.getDebt(cc);
    const [kept] = await w.t.database.db
      .select()
      .from(commercialLastKnown)
      .where(eq(commercialLastKnown.cc, CC_PARTIAL));
    expect(kept.stale).not.toBeNull();

    await fault({ mode: 'down' });
    const res = await debts(MARIA);
    expect(res.statusCode).toBe(200);
    for (const d of res.json()) {
      const before = live.find((x: { cc: string }) => x.cc === d.cc);
      expect(d).toMatchObject({ totalDebtCents: before.totalDebtCents, stale: true });
      expect(Date.parse(d.asOf)).toBeGreaterThan(Date.now() - 60_000);
    }
    const inv = await w.call('POST', '/api/ahab-requests/invoice-cc', await w.auth(MARIA), {
      cc: CC_PARTIAL,
      page: 1,
      size: 5,
    });
    expect(inv.statusCode).toBe(200);
    expect(inv.json()[0]).toMatchObject({ stale: true });
    // Staff read the same last known figures, marked the same way.
    const staff = await w.call('POST', '/api/ahab-requests/total-debt', await w.auth(STAFF), {
      cc: CC_PARTIAL,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ cc: CC_PARTIAL, stale: true });
    expect(staff.json().asOf).toBeTruthy();

    // …but starting a payment confirms the debt live: the kept copy is not enough.
    const open = live.find((d: { cc: string }) => d.cc === CC_PARTIAL);
    const pay = await w.call('POST', '/api/payments/invoices', await w.auth(MARIA), {
      cc: open.cc,
      method: 'TRANSFERMOVIL',
      amountCents: open.totalDebtCents,
    });
    expect(pay.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 10 });
    expect(await claimsOf(open.cc)).toEqual([]);

    // A code never read before: nothing to show, a catalogue error (never a 500).
    const none = await debts(JOSE);
    expect(none.statusCode).toBe(503);
    expect(none.json()).toMatchObject({ name: 'SERVICEUNAVAILABLEERROR', reference: 504 });

    const [health] = await w.t.database.db
      .select()
      .from(commercialState)
      .where(eq(commercialState.name, 'reads'));
    expect(health.okAt).not.toBeNull();
    expect(health.lastError).toBeTruthy();
  });

  it('slower than the timeout: the same as down', async () => {
    await debts(MARIA);
    await forget(CC_PARTIAL, CC_AGREED);
    await fault({ mode: 'slow', delayMs: 3000 });
    const res = await debts(MARIA);
    expect(res.statusCode).toBe(200);
    expect(res.json().every((d: { stale?: boolean; asOf?: string }) => d.stale && d.asOf)).toBe(true);
    const pay = await w.call('POST', '/api/payments/invoices', await w.auth(MARIA), {
      cc: CC_PARTIAL,
      method: 'TRANSFERMOVIL',
      amountCents: 100,
    });
    expect(pay.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 10 });
    expect(await claimsOf(CC_PARTIAL)).toEqual([]);
  });

  it('the breaker opens after failures in a row: the reference is not called for a while', async () => {
    await debts(MARIA);
    await forget(CC_PARTIAL, CC_AGREED);
    await fault({ mode: 'fail', times: 50 });
    const readStale = async () => {
      const res = await debts(MARIA);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0].stale).toBe(true);
    };
    const callsLeft = async () => (await ref.api.get('/control/faults')).body.api.times as number;
    // Three failures in a row (COMMERCIAL_BREAKER_FAILURES) open it…
    for (let k = 0; k < 3; k += 1) await readStale();
    const opened = await callsLeft();
    expect(opened).toBeLessThan(50);
    // …and while it is open the customers still read the last known figures, and nothing reaches it.
    for (let k = 0; k < 3; k += 1) await readStale();
    expect(await callsLeft()).toBe(opened);
  });

  it('an invoice paid at the office meanwhile: paying it answers 3 from a live read', async () => {
    const hotel = await w.auth(HOTEL);
    // The portal keeps the debt as it was…
    const kept = await w.t.container.commercial.getDebt(CC_HOTEL);
    const inv = kept.invoices.find((i) => i.displayStatus === 'Pendiente')!;
    // …when the cashier takes the payment at the office.
    const office = await ref.api.form('/oficina/pago', { cc: CC_HOTEL, invoiceNumber: inv.number });
    expect(office.status).toBe(303);
    const pay = await w.call('POST', '/api/payments/invoices', hotel, {
      cc: CC_HOTEL,
      invoiceIds: [inv.id],
      method: 'TRANSFERMOVIL',
      amountCents: inv.dueCents,
    });
    expect(pay.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 3 });
    expect((await claimsOf(CC_HOTEL)).filter((c) => c.invoiceNumber === inv.number)).toEqual([]);
  });

  it('one invoice, two payments: the second answers 4; the confirmed one is queued once with the contract’s body', async () => {
    const hotel = await w.auth(HOTEL);
    await forget(CC_HOTEL);
    const debt = await w.t.container.commercial.getDebt(CC_HOTEL);
    const inv = debt.invoices.find((i) => i.displayStatus === 'Pendiente')!;
    const body = { cc: CC_HOTEL, invoiceIds: [inv.id], method: 'TRANSFERMOVIL', amountCents: inv.dueCents };
    const first = await w.call('POST', '/api/payments/invoices', hotel, body);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(await claimsOf(CC_HOTEL)).toMatchObject([
      { invoiceNumber: inv.number, paymentId: created.paymentId, dueCents: inv.dueCents },
    ]);
    const listed = await w.call('POST', '/api/ahab-requests/invoice-cc', hotel, {
      cc: CC_HOTEL,
      page: 1,
      size: 50,
    });
    expect(listed.json().find((r: { number: string }) => r.number === inv.number).displayStatus).toBe(
      'Procesando',
    );

    const second = await w.call('POST', '/api/payments/invoices', hotel, body);
    expect(second.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 4 });

    await w.tmApprove(created.transactionCode);
    await eventually('settled', async () => (await w.row(created.paymentId)).status === 'PAYED');
    const row = await w.row(created.paymentId);
    const posted = await w.t.database.db
      .select()
      .from(commercialPostings)
      .where(eq(commercialPostings.paymentId, created.paymentId));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      cc: CC_HOTEL,
      type: 'CC',
      status: 'PENDING',
      amountCents: inv.dueCents,
    });
    expect(posted[0].body).toEqual({
      paymentId: created.paymentId,
      cc: CC_HOTEL,
      type: 'CC',
      method: 'TRANSFERMOVIL',
      gatewayReference: row.gatewayRef,
      paidAt: row.settledAt!.toISOString(),
      amountCents: inv.dueCents,
      bonusCents: 0,
      invoices: [{ invoiceNumber: inv.number, amountCents: inv.dueCents }],
    });
    expect(await claimsOf(CC_HOTEL)).toEqual([]);
    // Waiting to be posted, the invoice is still held: no second payment for it.
    const again = await w.call('POST', '/api/payments/invoices', hotel, body);
    expect(again.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 4 });
  });

  it('forget in one process drops what another process kept of the code (through the database)', async () => {
    const db = w.t.database.db;
    const other = createHttpCommercialSystem({
      client: createCommercialClient({ url: ref.url, token: TOKEN, timeoutMs: 1000 }),
      lastKnown: createLastKnownRepository(db),
      claims: createClaimsRepository(db),
      postings: createPostingsRepository(db),
      directory: createDirectoryRepository(db),
      invalidations: w.t.database,
      space: DEFAULT_SPACE,
    });
    const CC = '2300000000007'; // fully paid
    try {
      const [before] = await other.getDebts([CC]);
      expect(before).toMatchObject({ cc: CC, totalDebtCents: 0 });
      // The office issues the next invoice: the other process still answers what it kept…
      await ref.ledger.issueNextInvoice(CC, { amountCents: 4_321 });
      expect((await other.getDebts([CC]))[0].totalDebtCents).toBe(0);
      // …until the change feed names the code in this one.
      await w.t.container.commercial.forget!([CC]);
      await eventually('the other process reads it again', async () => {
        const [d] = await other.getDebts([CC]);
        return d.totalDebtCents === 4_321 && !d.stale;
      });
      const [kept] = await db.select().from(commercialLastKnown).where(eq(commercialLastKnown.cc, CC));
      expect(kept.stale).toBeNull();
    } finally {
      other.close();
    }
  });

  it('a customer adds a code that only the commercial system has: it is kept in the portal’s directory', async () => {
    const opened = await ref.api.post(
      '/v1/accounts',
      {
        requestId: 'CR-TEST-0001',
        sector: 'RESIDENTIAL',
        holderName: 'Lidia Rey Cabrera',
        nationalId: '85010112345',
        address: 'Calle 23 No. 101, e/ L y M',
        municipality: 4,
        contractNumber: 'CT-2026-000999',
        policy: 'POL-04-00000999',
      },
      'CR-TEST-0001',
    );
    expect(opened.status).toBe(201);
    const cc = opened.body.cc as string;
    const jose = await w.auth(JOSE);
    const res = await w.call('POST', '/api/ahab-requests/associate-cc', jose, {
      cc,
      proof: 'CT-2026-000999',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cc,
      holder: 'Lidia Rey Cabrera',
      address: 'Calle 23 No. 101, e/ L y M',
    });
    const mine = (await w.call('POST', '/api/ahab-requests/my-ccs', jose, {})).json();
    expect(mine.map((c: { cc: string }) => c.cc)).toContain(cc);
  });

  it('an unknown invoice number answers 7; a code with no debt cannot pay invoices', async () => {
    const hotel = await w.auth(HOTEL);
    const pay = await w.call('POST', '/api/payments/invoices', hotel, {
      cc: CC_HOTEL,
      invoiceIds: ['999999999999999'],
      method: 'TRANSFERMOVIL',
      amountCents: 100,
    });
    expect(pay.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 7 });
    const jose = await w.call('POST', '/api/payments/invoices', await w.auth(JOSE), {
      cc: CC_NO_DEBT,
      method: 'TRANSFERMOVIL',
      amountCents: 100,
    });
    expect(jose.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 3 });
  });
});
