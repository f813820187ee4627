import { randomUUID } from 'node:crypto';
import { type Contract, loadContract } from './contract';

/**
 * The conformance kit: checks that a commercial system (the utility's adapter, or the reference
 * system) speaks the `/v1` contract. It only uses the contract itself, plus:
 * - test codes the system under test declares (`ccs`: active accounts with at least one invoice
 *   OPEN or PARTIAL; `inactiveCc`: an inactive account with an invoice), or, without them,
 * - the reference system's fixtures (`POST /control/fixtures`), made fresh for each run.
 *
 * It writes to the system under test: it pays one open invoice, credits one small advance
 * (1.05 pesos) and creates one account. Run it against a test environment.
 */
export interface KitOptions {
  url: string;
  token: string;
  /** Active test codes with an OPEN or PARTIAL invoice (the first one found is paid). */
  ccs?: string[];
  /** An inactive test code with at least one invoice (for ACCOUNT_INACTIVE). */
  inactiveCc?: string;
  /** A code that does not exist there (default 0000000000000). */
  unknownCc?: string;
  /** How long to wait for a payment to show in the change feed (default 10 s). */
  feedWaitMs?: number;
  /** Pages of 500 events read at most when walking the feed from its beginning (default 200). */
  maxFeedPages?: number;
  /** Progress callback, one call per finished check. */
  onResult?: (r: CheckResult) => void;
}

export interface CheckResult {
  name: string;
  status: 'pass' | 'fail' | 'skip';
  detail?: string;
}

class Failure extends Error {}
class Skip extends Error {}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Failure(message);
}

interface Answer {
  status: number;
  body: unknown;
}

type Row = Record<string, unknown>;

/** Compares two cursors: as numbers when both are digits only, else as strings. */
export function compareCursors(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function runConformance(opts: KitOptions): Promise<CheckResult[]> {
  const contract: Contract = loadContract();
  const base = opts.url.replace(/\/+$/, '');
  const unknownCc = opts.unknownCc ?? '0000000000000';
  const results: CheckResult[] = [];

  async function call(
    method: string,
    path: string,
    o: { body?: unknown; token?: string | null; key?: string; rawBody?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = o.token === undefined ? opts.token : o.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (o.key) headers['idempotency-key'] = o.key;
    const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed };
  }

  /** The answer has `status` and a body that matches the contract's schema for it. */
  function conforms(a: Answer, method: string, template: string, ...statuses: number[]) {
    expect(
      statuses.includes(a.status),
      `${method} ${template}: expected ${statuses.join(' or ')}, got ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`,
    );
    const problems = contract.validate(method, template, a.status, a.body);
    expect(!problems.length, `${method} ${template} ${a.status}: ${problems.slice(0, 5).join('; ')}`);
  }

  async function check(name: string, fn: () => Promise<void>) {
    let r: CheckResult;
    try {
      await fn();
      r = { name, status: 'pass' };
    } catch (err) {
      if (err instanceof Skip) r = { name, status: 'skip', detail: err.message };
      else r = { name, status: 'fail', detail: err instanceof Error ? err.message : String(err) };
    }
    results.push(r);
    opts.onResult?.(r);
  }

  // ---- fixtures ----
  let ccs = opts.ccs ?? [];
  let inactiveCc = opts.inactiveCc;
  await check('fixtures: test codes declared or made by the reference system', async () => {
    if (ccs.length) return;
    const res = await fetch(`${base}/control/fixtures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}` },
    }).catch(() => null);
    expect(
      res?.status === 201,
      'no --cc given and the system has no reference fixtures (POST /control/fixtures): declare test codes with --cc',
    );
    const f = (await res!.json()) as { ccs: string[]; inactiveCc: string };
    ccs = f.ccs;
    inactiveCc ??= f.inactiveCc;
  });
  const cc = ccs[0];
  const sampleInvoice = `${cc ?? unknownCc}01`;

  // ---- auth ----
  const operations: [string, string, string, { body?: unknown; key?: string }][] = [
    ['GET', '/v1/accounts/{cc}', `/v1/accounts/${cc}`, {}],
    ['POST', '/v1/accounts/lookup', '/v1/accounts/lookup', { body: { ccs: [cc] } }],
    ['GET', '/v1/accounts/{cc}/invoices', `/v1/accounts/${cc}/invoices`, {}],
    ['GET', '/v1/accounts/{cc}/invoices/{invoiceNumber}', `/v1/accounts/${cc}/invoices/${sampleInvoice}`, {}],
    ['POST', '/v1/payments', '/v1/payments', { body: {}, key: 'ov-check-auth' }],
    ['GET', '/v1/changes', '/v1/changes?limit=1', {}],
    ['POST', '/v1/accounts', '/v1/accounts', { body: {}, key: 'ov-check-auth' }],
  ];
  for (const [method, template, path, o] of operations) {
    await check(`auth: ${method} ${template} without a token or with a wrong one → 401`, async () => {
      conforms(await call(method, path, { ...o, token: null }), method, template, 401);
      conforms(await call(method, path, { ...o, token: `${opts.token}-wrong` }), method, template, 401);
    });
  }
  if (!cc) return results;

  // ---- reads ----
  const accounts = new Map<string, Row>();
  const invoicesOf = new Map<string, Row[]>();
  async function allInvoices(code: string): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; page <= 50; page++) {
      const a = await call('GET', `/v1/accounts/${code}/invoices?status=all&page=${page}&size=100`);
      conforms(a, 'GET', '/v1/accounts/{cc}/invoices', 200);
      const body = a.body as { rows: Row[]; total: number };
      rows.push(...body.rows);
      if (!body.rows.length || rows.length >= body.total) break;
    }
    return rows;
  }
  const openStatus = (s: unknown) => s === 'OPEN' || s === 'PARTIAL';

  await check('GET /v1/accounts/{cc}: every test code answers an Account', async () => {
    for (const code of [...ccs, ...(inactiveCc ? [inactiveCc] : [])]) {
      const a = await call('GET', `/v1/accounts/${code}`);
      conforms(a, 'GET', '/v1/accounts/{cc}', 200);
      expect((a.body as Row).cc === code, `asked for ${code}, got ${(a.body as Row).cc}`);
      accounts.set(code, a.body as Row);
    }
  });

  await check(
    'GET /v1/accounts/{cc}/invoices: newest first, dueCents = amountCents − paidCents',
    async () => {
      for (const code of ccs) {
        const rows = await allInvoices(code);
        invoicesOf.set(code, rows);
        for (let k = 1; k < rows.length; k++)
          expect(
            String(rows[k - 1].issuedAt) >= String(rows[k].issuedAt),
            `${code}: ${rows[k].invoiceNumber} is newer than ${rows[k - 1].invoiceNumber} but listed after it`,
          );
        for (const r of rows)
          expect(
            r.dueCents === Number(r.amountCents) - Number(r.paidCents),
            `${r.invoiceNumber}: dueCents ${r.dueCents} ≠ ${r.amountCents} − ${r.paidCents}`,
          );
      }
    },
  );

  await check(
    'Account: debtCents and openInvoiceCount count the OPEN and PARTIAL invoices (not AGREED)',
    async () => {
      for (const code of ccs) {
        const account = accounts.get(code);
        const rows = invoicesOf.get(code);
        if (!account || !rows) throw new Skip('the account or its invoices could not be read');
        const open = rows.filter((r) => openStatus(r.status));
        const debt = open.reduce((t, r) => t + Number(r.dueCents), 0);
        expect(
          account.debtCents === debt,
          `${code}: debtCents ${account.debtCents}, its invoices owe ${debt}`,
        );
        expect(
          account.openInvoiceCount === open.length,
          `${code}: openInvoiceCount ${account.openInvoiceCount}, ${open.length} invoices are OPEN or PARTIAL`,
        );
      }
    },
  );

  await check(
    'GET /v1/accounts/{cc}/invoices?status=open: no PAID invoice; paging by page and size',
    async () => {
      const open = await call('GET', `/v1/accounts/${cc}/invoices?status=open&size=100`);
      conforms(open, 'GET', '/v1/accounts/{cc}/invoices', 200);
      const rows = (open.body as { rows: Row[] }).rows;
      expect(!rows.some((r) => r.status === 'PAID'), 'status=open listed a PAID invoice');
      const p1 = await call('GET', `/v1/accounts/${cc}/invoices?status=all&page=1&size=1`);
      const p2 = await call('GET', `/v1/accounts/${cc}/invoices?status=all&page=2&size=1`);
      conforms(p1, 'GET', '/v1/accounts/{cc}/invoices', 200);
      conforms(p2, 'GET', '/v1/accounts/{cc}/invoices', 200);
      const [b1, b2] = [p1.body, p2.body] as { rows: Row[]; total: number }[];
      expect(b1.rows.length <= 1 && b2.rows.length <= 1, 'size=1 answered more than one row');
      expect(b1.total === b2.total, 'total differs between pages');
      if (b1.total >= 2)
        expect(b1.rows[0]?.invoiceNumber !== b2.rows[0]?.invoiceNumber, 'page 2 repeats page 1');
    },
  );

  await check(
    'GET /v1/accounts/{cc}/invoices/{invoiceNumber}: the invoice as listed; 404 for an unknown one',
    async () => {
      const listed = invoicesOf.get(cc)?.[0];
      if (!listed) throw new Skip('the code has no invoice');
      const a = await call(
        'GET',
        `/v1/accounts/${cc}/invoices/${encodeURIComponent(String(listed.invoiceNumber))}`,
      );
      conforms(a, 'GET', '/v1/accounts/{cc}/invoices/{invoiceNumber}', 200);
      expect(
        JSON.stringify(a.body) === JSON.stringify(listed),
        'the invoice differs from its row in the list',
      );
      const missing = await call('GET', `/v1/accounts/${cc}/invoices/OV-CHECK-${Date.now()}`);
      conforms(missing, 'GET', '/v1/accounts/{cc}/invoices/{invoiceNumber}', 404);
    },
  );

  await check('unknown code: 404 on the account and its invoices', async () => {
    conforms(await call('GET', `/v1/accounts/${unknownCc}`), 'GET', '/v1/accounts/{cc}', 404);
    conforms(
      await call('GET', `/v1/accounts/${unknownCc}/invoices`),
      'GET',
      '/v1/accounts/{cc}/invoices',
      404,
    );
  });

  await check(
    'POST /v1/accounts/lookup: the known codes, unknown ones left out; 400 over 100 codes',
    async () => {
      const a = await call('POST', '/v1/accounts/lookup', { body: { ccs: [...ccs, unknownCc] } });
      conforms(a, 'POST', '/v1/accounts/lookup', 200);
      const got = (a.body as Row[]).map((r) => r.cc);
      for (const code of ccs) expect(got.includes(code), `${code} is missing`);
      expect(!got.includes(unknownCc), `the unknown code ${unknownCc} was answered`);
      const single = (a.body as Row[]).find((r) => r.cc === cc);
      expect(
        JSON.stringify(single) === JSON.stringify(accounts.get(cc)),
        'the lookup answers the account differently than GET /v1/accounts/{cc}',
      );
      const tooMany = Array.from({ length: 101 }, (_, k) => `${unknownCc}${k}`);
      conforms(
        await call('POST', '/v1/accounts/lookup', { body: { ccs: tooMany } }),
        'POST',
        '/v1/accounts/lookup',
        400,
      );
    },
  );

  // ---- the change feed ----
  let head: string | null = null;
  let firstEvents: Row[] = [];
  await check('GET /v1/changes: pages conform, cursors increase, next is where to read on', async () => {
    let after: string | null = null;
    let last: string | null = null;
    for (let page = 0; page < (opts.maxFeedPages ?? 200); page++) {
      const a = await call(
        'GET',
        `/v1/changes?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      conforms(a, 'GET', '/v1/changes', 200);
      const { events, next } = a.body as { events: Row[]; next: string | null };
      if (page === 0) firstEvents = events.slice(0, 3);
      for (const e of events) {
        const c = String(e.cursor);
        if (after) expect(compareCursors(c, after) >= 0, `event ${c} is older than after=${after}`);
        if (last)
          expect(compareCursors(c, last) >= 0, `cursor ${c} comes after ${last}: cursors must increase`);
        last = c;
      }
      if (events.length)
        expect(next !== null && compareCursors(next, last!) >= 0, `next ${next} is behind ${last}`);
      if (!events.length || next === after) {
        head = next ?? after;
        return;
      }
      after = next;
    }
    head = after;
  });

  // ---- payments ----
  const target = (() => {
    for (const code of ccs) {
      if (accounts.get(code)?.active === false) continue;
      const rows = (invoicesOf.get(code) ?? []).filter((r) => openStatus(r.status));
      const oldest = rows.at(-1);
      if (oldest) return { cc: code, invoice: oldest };
    }
    return null;
  })();
  const payment = (key: string, o: Partial<Row> = {}) => ({
    paymentId: key,
    cc: target?.cc,
    type: 'CC',
    method: 'ENZONA',
    gatewayReference: `ov-check-${key.slice(0, 8)}`,
    paidAt: new Date().toISOString(),
    amountCents: Number(target?.invoice.dueCents),
    bonusCents: 0,
    invoices: [
      { invoiceNumber: target?.invoice.invoiceNumber, amountCents: Number(target?.invoice.dueCents) },
    ],
    ...o,
  });
  const needTarget = () => {
    if (!target) throw new Skip('no active test code has an OPEN or PARTIAL invoice');
    return target;
  };
  const refusal = async (body: Row, reason: string) => {
    const key = String(body.paymentId);
    const a = await call('POST', '/v1/payments', { body, key });
    conforms(a, 'POST', '/v1/payments', 409);
    expect((a.body as Row).reason === reason, `expected reason ${reason}, got ${(a.body as Row).reason}`);
  };

  await check('POST /v1/payments: 400 without Idempotency-Key, and for a malformed body', async () => {
    needTarget();
    const key = `ov-check-${randomUUID()}`;
    conforms(await call('POST', '/v1/payments', { body: payment(key) }), 'POST', '/v1/payments', 400);
    conforms(
      await call('POST', '/v1/payments', { body: payment(key, { amountCents: '10' }), key }),
      'POST',
      '/v1/payments',
      400,
    );
    conforms(
      await call('POST', '/v1/payments', { rawBody: '{"paymentId":', key }),
      'POST',
      '/v1/payments',
      400,
    );
  });

  await check('POST /v1/payments: 409 AMOUNT_MISMATCH for an amount that is not the amount due', async () => {
    const t = needTarget();
    const key = `ov-check-${randomUUID()}`;
    const wrong = Number(t.invoice.dueCents) + 1;
    await refusal(
      payment(key, {
        amountCents: wrong,
        invoices: [{ invoiceNumber: t.invoice.invoiceNumber, amountCents: wrong }],
      }),
      'AMOUNT_MISMATCH',
    );
  });

  await check('POST /v1/payments: 409 UNKNOWN_INVOICE for an invoice not of the code', async () => {
    const t = needTarget();
    const key = `ov-check-${randomUUID()}`;
    await refusal(
      payment(key, {
        invoices: [{ invoiceNumber: `OV-CHECK-${Date.now()}`, amountCents: t.invoice.dueCents }],
      }),
      'UNKNOWN_INVOICE',
    );
  });

  await check('POST /v1/payments: 404 for an unknown code', async () => {
    needTarget();
    const key = `ov-check-${randomUUID()}`;
    const a = await call('POST', '/v1/payments', { body: payment(key, { cc: unknownCc }), key });
    conforms(a, 'POST', '/v1/payments', 404, 409);
  });

  await check('POST /v1/payments: refusals applied nothing', async () => {
    const t = needTarget();
    const a = await call(
      'GET',
      `/v1/accounts/${t.cc}/invoices/${encodeURIComponent(String(t.invoice.invoiceNumber))}`,
    );
    conforms(a, 'GET', '/v1/accounts/{cc}/invoices/{invoiceNumber}', 200);
    expect((a.body as Row).paidCents === t.invoice.paidCents, 'the invoice changed after refused payments');
  });

  let paid = false;
  await check(
    'POST /v1/payments: five identical calls at once → one 201, the others 200, one postingId',
    async () => {
      needTarget();
      const key = `ov-check-${randomUUID()}`;
      const body = payment(key);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', '/v1/payments', { body, key })),
      );
      for (const a of answers) conforms(a, 'POST', '/v1/payments', 200, 201);
      paid = true;
      expect(
        answers.filter((a) => a.status === 201).length === 1,
        `${answers.map((a) => a.status)}: not one 201`,
      );
      const ids = new Set(answers.map((a) => (a.body as Row).postingId));
      expect(ids.size === 1, `different postingIds: ${[...ids].join(', ')}`);
      const later = await call('POST', '/v1/payments', { body, key });
      conforms(later, 'POST', '/v1/payments', 200);
      expect((later.body as Row).postingId === [...ids][0], 'a later call answered another postingId');
    },
  );

  await check(
    'POST /v1/payments: applied once (the invoice is PAID, the debt fell by its amount due)',
    async () => {
      const t = needTarget();
      if (!paid) throw new Skip('the payment was not made');
      const inv = await call(
        'GET',
        `/v1/accounts/${t.cc}/invoices/${encodeURIComponent(String(t.invoice.invoiceNumber))}`,
      );
      conforms(inv, 'GET', '/v1/accounts/{cc}/invoices/{invoiceNumber}', 200);
      const b = inv.body as Row;
      expect(b.status === 'PAID', `the invoice is ${b.status}`);
      expect(
        b.paidCents === t.invoice.amountCents,
        `paidCents ${b.paidCents}, the invoice is ${t.invoice.amountCents}`,
      );
      const acc = await call('GET', `/v1/accounts/${t.cc}`);
      conforms(acc, 'GET', '/v1/accounts/{cc}', 200);
      const before = accounts.get(t.cc)!;
      const fell = Number(before.debtCents) - Number((acc.body as Row).debtCents);
      // Other activity on a shared test code may move the debt too; a double application cannot hide.
      expect(fell <= Number(t.invoice.dueCents), `the debt fell by ${fell}, more than ${t.invoice.dueCents}`);
      expect(fell > 0, 'the account still shows the debt it had before the payment (a stale read?)');
    },
  );

  await check('POST /v1/payments: 409 ALREADY_PAID for the paid invoice under a new key', async () => {
    needTarget();
    if (!paid) throw new Skip('the payment was not made');
    await refusal(payment(`ov-check-${randomUUID()}`), 'ALREADY_PAID');
  });

  await check('GET /v1/changes: the payment shows as PAYMENT_RECORDED after the last cursor', async () => {
    const t = needTarget();
    if (!paid) throw new Skip('the payment was not made');
    const until = Date.now() + (opts.feedWaitMs ?? 10_000);
    let after = head;
    for (;;) {
      const a = await call(
        'GET',
        `/v1/changes?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      conforms(a, 'GET', '/v1/changes', 200);
      const { events, next } = a.body as { events: Row[]; next: string | null };
      for (const e of events)
        if (after) expect(compareCursors(String(e.cursor), after) >= 0, 'an older event came back');
      if (
        events.some(
          (e) =>
            e.type === 'PAYMENT_RECORDED' &&
            e.cc === t.cc &&
            (e.invoiceNumber === undefined || e.invoiceNumber === t.invoice.invoiceNumber),
        )
      )
        return;
      expect(
        Date.now() < until,
        `no PAYMENT_RECORDED for ${t.cc} within ${(opts.feedWaitMs ?? 10_000) / 1000} s`,
      );
      if (next === after) await new Promise((r) => setTimeout(r, 500));
      after = next ?? after;
    }
  });

  await check('POST /v1/payments: 409 AGREED for an invoice under a payment agreement', async () => {
    for (const code of ccs) {
      const agreed = (invoicesOf.get(code) ?? []).find((r) => r.status === 'AGREED');
      if (!agreed || accounts.get(code)?.active === false) continue;
      const key = `ov-check-${randomUUID()}`;
      const due = Number(agreed.dueCents);
      await refusal(
        payment(key, {
          cc: code,
          amountCents: due,
          invoices: [{ invoiceNumber: agreed.invoiceNumber, amountCents: due }],
        }),
        'AGREED',
      );
      return;
    }
    throw new Skip('no test code has an AGREED invoice');
  });

  await check('POST /v1/payments: 409 ACCOUNT_INACTIVE for an inactive code', async () => {
    if (!inactiveCc) throw new Skip('no inactive test code (--inactive-cc)');
    const rows = await allInvoices(inactiveCc);
    const inv = rows.find((r) => openStatus(r.status)) ?? rows[0];
    if (!inv) throw new Skip(`${inactiveCc} has no invoice`);
    const key = `ov-check-${randomUUID()}`;
    const due = Math.max(1, Number(inv.dueCents));
    await refusal(
      payment(key, {
        cc: inactiveCc,
        amountCents: due,
        invoices: [{ invoiceNumber: inv.invoiceNumber, amountCents: due }],
      }),
      'ACCOUNT_INACTIVE',
    );
  });

  await check('POST /v1/payments ADELANTO: credited once (amount plus bonus) under one key', async () => {
    const t = needTarget();
    const key = `ov-check-${randomUUID()}`;
    const before = await call('GET', `/v1/accounts/${t.cc}`);
    conforms(before, 'GET', '/v1/accounts/{cc}', 200);
    const body = payment(key, { type: 'ADELANTO', amountCents: 100, bonusCents: 5, invoices: [] });
    const first = await call('POST', '/v1/payments', { body, key });
    conforms(first, 'POST', '/v1/payments', 201);
    const again = await call('POST', '/v1/payments', { body, key });
    conforms(again, 'POST', '/v1/payments', 200);
    expect(
      (again.body as Row).postingId === (first.body as Row).postingId,
      'another postingId the second time',
    );
    const after = await call('GET', `/v1/accounts/${t.cc}`);
    conforms(after, 'GET', '/v1/accounts/{cc}', 200);
    const grew =
      Number((after.body as Row).advanceBalanceCents) - Number((before.body as Row).advanceBalanceCents);
    expect(grew === 105, `the advance balance grew by ${grew} cents, not 105`);
  });

  // ---- accounts ----
  await check(
    'POST /v1/accounts: five identical calls at once → one 201, one code; the account reads back',
    async () => {
      const key = `ov-check-${randomUUID()}`;
      const body = {
        requestId: key,
        sector: 'RESIDENTIAL',
        holderName: 'Prueba de conformidad',
        nationalId: '85010112345',
        address: 'Calle 23 No. 100, e/ L y M',
        municipality: 2,
        contractNumber: `CT-CHECK-${key.slice(9, 17)}`,
        policy: `POL-CHECK-${key.slice(9, 17)}`,
      };
      conforms(await call('POST', '/v1/accounts', { body }), 'POST', '/v1/accounts', 400);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', '/v1/accounts', { body, key })),
      );
      for (const a of answers) conforms(a, 'POST', '/v1/accounts', 200, 201);
      expect(
        answers.filter((a) => a.status === 201).length === 1,
        `${answers.map((a) => a.status)}: not one 201`,
      );
      const codes = new Set(answers.map((a) => (a.body as Row).cc));
      expect(codes.size === 1, `different codes: ${[...codes].join(', ')}`);
      const later = await call('POST', '/v1/accounts', { body, key });
      conforms(later, 'POST', '/v1/accounts', 200);
      expect((later.body as Row).cc === [...codes][0], 'a later call answered another code');
      const account = await call('GET', `/v1/accounts/${[...codes][0]}`);
      conforms(account, 'GET', '/v1/accounts/{cc}', 200);
      expect((account.body as Row).holderName === body.holderName, 'the new account has another holder');
    },
  );

  await check(
    'GET /v1/changes: reading again from an earlier cursor gives the same events (redelivery)',
    async () => {
      if (firstEvents.length < 2) {
        // A feed that was empty at the start has the kit's own events by now.
        const fresh = await call('GET', '/v1/changes?limit=3');
        conforms(fresh, 'GET', '/v1/changes', 200);
        firstEvents = (fresh.body as { events: Row[] }).events;
      }
      if (firstEvents.length < 2) throw new Skip('the feed has fewer than two events');
      const a = await call(
        'GET',
        `/v1/changes?limit=2&after=${encodeURIComponent(String(firstEvents[0].cursor))}`,
      );
      conforms(a, 'GET', '/v1/changes', 200);
      const again = (a.body as { events: Row[] }).events.find((e) => e.cursor === firstEvents[1].cursor);
      expect(
        again && JSON.stringify(again) === JSON.stringify(firstEvents[1]),
        `event ${firstEvents[1].cursor} was not delivered again the same`,
      );
      const one = await call('GET', '/v1/changes?limit=1');
      conforms(one, 'GET', '/v1/changes', 200);
      expect((one.body as { events: Row[] }).events.length <= 1, 'limit=1 answered more than one event');
      conforms(await call('GET', '/v1/changes?limit=0'), 'GET', '/v1/changes', 400);
    },
  );

  return results;
}

/** A readable pass/fail list. */
export function formatResults(results: CheckResult[]): string {
  const mark = { pass: '✓', fail: '✗', skip: '–' } as const;
  const lines = results.map(
    (r) =>
      `  ${mark[r.status]} ${r.name}${r.status === 'skip' ? ` (skipped: ${r.detail})` : ''}${r.status === 'fail' ? `\n      ${r.detail}` : ''}`,
  );
  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  lines.push('', `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`);
  return lines.join('\n');
}
