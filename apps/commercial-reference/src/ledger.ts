import { createHash, randomUUID } from 'node:crypto';
import {
  BILLING_PERIOD_MONTHS,
  type ClientType,
  demoInvoiceNumber,
  invoiceAmountCents,
  POSTING_REFUSAL_REASONS,
  type PostingRefusalReason,
} from '@ov/domain';
import { officeId } from './seed';
import type { Sql, Store } from './store';

/** The reference commercial system's books: accounts, invoices, postings and the change feed. */

export const INVOICE_STATUSES = ['OPEN', 'PARTIAL', 'PAID', 'AGREED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Why a posting is refused (409): the contract's reasons, defined once in the domain. */
export const REFUSAL_REASONS = POSTING_REFUSAL_REASONS;
export type RefusalReason = PostingRefusalReason;
export const CHANGE_TYPES = [
  'INVOICE_ISSUED',
  'INVOICE_CHANGED',
  'PAYMENT_RECORDED',
  'ACCOUNT_CHANGED',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export interface Account {
  cc: string;
  clientType: ClientType;
  holderName: string;
  address: string;
  municipality: number;
  policy: string;
  contractNumber: string | null;
  active: boolean;
  officeId: string | null;
  advanceBalanceCents: number;
  debtCents: number;
  openInvoiceCount: number;
}

export interface Invoice {
  invoiceNumber: string;
  issuedAt: string;
  periodFrom: string;
  periodTo: string;
  amountCents: number;
  paidCents: number;
  dueCents: number;
  status: InvoiceStatus;
}

export interface ChangeEvent {
  cursor: string;
  type: ChangeType;
  cc: string;
  invoiceNumber?: string;
  at: string;
}

export interface PaymentInput {
  paymentId: string;
  cc: string;
  type: 'CC' | 'ADELANTO';
  method: string;
  gatewayReference: string;
  paidAt: string;
  amountCents: number;
  bonusCents: number;
  invoices: { invoiceNumber: string; amountCents: number }[];
}

export interface NewAccountInput {
  requestId: string;
  sector: ClientType;
  holderName: string;
  nationalId: string;
  address: string;
  municipality: number;
  contractNumber: string;
  policy: string;
}

/** A payment that cannot be applied as sent (409 `{reason}`); nothing was applied. */
export class Refusal extends Error {
  constructor(
    public readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** 404: unknown account or invoice. */
export class NotFound extends Error {
  name = 'NotFound';
}

/** 400: input the contract's schema accepts but the books cannot (e.g. the same invoice twice). */
export class BadInput extends Error {
  name = 'BadInput';
}

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

export const cursorOf = (id: unknown) => String(id).padStart(16, '0');

type Row = Record<string, unknown>;

function toAccount(r: Row): Account {
  return {
    cc: String(r.cc),
    clientType: r.client_type as ClientType,
    holderName: String(r.holder_name),
    address: String(r.address),
    municipality: n(r.municipality),
    policy: String(r.policy),
    contractNumber: (r.contract_number as string | null) ?? null,
    active: Boolean(r.active),
    officeId: (r.office_id as string | null) ?? null,
    advanceBalanceCents: n(r.advance_balance_cents),
    debtCents: n(r.debt_cents),
    openInvoiceCount: n(r.open_count),
  };
}

function toInvoice(r: Row): Invoice {
  return {
    invoiceNumber: String(r.invoice_number),
    issuedAt: iso(r.issued_at),
    periodFrom: day(r.period_from),
    periodTo: day(r.period_to),
    amountCents: n(r.amount_cents),
    paidCents: n(r.paid_cents),
    dueCents: n(r.amount_cents) - n(r.paid_cents),
    status: r.status as InvoiceStatus,
  };
}

const INVOICE_COLUMNS = `invoice_number, cc, seq, issued_at, period_from::text as period_from,
  period_to::text as period_to, amount_cents, paid_cents, status`;

export type Ledger = ReturnType<typeof createLedger>;

export function createLedger(store: Store, opts: { now?: () => Date } = {}) {
  const s = store.schema;
  const now = opts.now ?? (() => new Date());

  async function accounts(sql: Sql, ccs: string[]): Promise<Account[]> {
    if (!ccs.length) return [];
    const rows = await sql.query(
      `select a.*,
         coalesce(sum(i.amount_cents - i.paid_cents) filter (where i.status in ('OPEN','PARTIAL')), 0) as debt_cents,
         count(i.invoice_number) filter (where i.status in ('OPEN','PARTIAL')) as open_count
       from ${s}.accounts a left join ${s}.invoices i on i.cc = a.cc
       where a.cc = any($1::text[]) group by a.cc order by a.cc`,
      [ccs],
    );
    return rows.map(toAccount);
  }

  /** Appends events to the feed. Last statement of a transaction: the lock orders cursors by commit. */
  async function appendChanges(
    sql: Sql,
    events: { type: ChangeType; cc: string; invoiceNumber?: string | null }[],
  ) {
    if (!events.length) return;
    await sql.query('select pg_advisory_xact_lock(7281965)');
    const params: unknown[] = [];
    const values = events.map((e) => {
      params.push(e.type, e.cc, e.invoiceNumber ?? null, now().toISOString());
      const k = params.length;
      return `($${k - 3}, $${k - 2}, $${k - 1}, $${k})`;
    });
    await sql.query(
      `insert into ${s}.changes (type, cc, invoice_number, at) values ${values.join(',')}`,
      params,
    );
  }

  async function lockAccount(sql: Sql, cc: string) {
    const [row] = await sql.query(`select * from ${s}.accounts where cc = $1 for update`, [cc]);
    if (!row) throw new NotFound(`Cuenta ${cc} no encontrada`);
    return row;
  }

  /**
   * Applies a payment once per key. Online payments (source PORTAL) must pay each invoice's exact
   * amount due; office payments (OFFICE) may pay part of one.
   */
  async function postPayment(
    key: string,
    p: PaymentInput,
    source: 'PORTAL' | 'OFFICE' = 'PORTAL',
  ): Promise<{ postingId: string; created: boolean }> {
    if (p.type === 'CC' && !p.invoices.length) throw new BadInput('Un pago CC lista al menos una factura');
    if (p.type === 'ADELANTO' && p.invoices.length) throw new BadInput('Un adelanto no lista facturas');
    const numbers = p.invoices.map((i) => i.invoiceNumber);
    if (new Set(numbers).size !== numbers.length) throw new BadInput('Una factura aparece dos veces');
    const requestHash = hash(p);
    return store.tx(async (sql) => {
      const postingId = randomUUID();
      const inserted = await sql.query(
        `insert into ${s}.postings (posting_id, idempotency_key, request_hash, source, payment_id, cc, type,
           method, gateway_reference, paid_at, amount_cents, bonus_cents)
         values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
         on conflict (idempotency_key) do nothing returning posting_id`,
        [
          postingId,
          key,
          requestHash,
          source,
          p.paymentId,
          p.cc,
          p.type,
          p.method,
          p.gatewayReference,
          p.paidAt,
          p.amountCents,
          p.bonusCents,
        ],
      );
      if (!inserted.length) {
        // §7: the same key again answers the first posting, whatever the body says now.
        const [seen] = await sql.query<{ posting_id: string }>(
          `select posting_id from ${s}.postings where idempotency_key = $1`,
          [key],
        );
        return { postingId: seen.posting_id, created: false };
      }
      const account = await lockAccount(sql, p.cc);
      if (!account.active) throw new Refusal('ACCOUNT_INACTIVE', `La cuenta ${p.cc} no admite pagos`);
      if (p.type === 'ADELANTO') {
        await sql.query(
          `update ${s}.accounts set advance_balance_cents = advance_balance_cents + $2 where cc = $1`,
          [p.cc, p.amountCents + p.bonusCents],
        );
        await appendChanges(sql, [{ type: 'PAYMENT_RECORDED', cc: p.cc }]);
        return { postingId, created: true };
      }
      const rows = await sql.query(
        `select ${INVOICE_COLUMNS} from ${s}.invoices where invoice_number = any($1::text[])
         order by invoice_number for update`,
        [numbers],
      );
      const byNumber = new Map(rows.map((r) => [String(r.invoice_number), r]));
      for (const line of p.invoices) {
        const r = byNumber.get(line.invoiceNumber);
        if (!r || r.cc !== p.cc)
          throw new Refusal('UNKNOWN_INVOICE', `La factura ${line.invoiceNumber} no es de la cuenta ${p.cc}`);
      }
      for (const line of p.invoices) {
        const inv = toInvoice(byNumber.get(line.invoiceNumber)!);
        if (inv.status === 'AGREED')
          throw new Refusal('AGREED', `La factura ${inv.invoiceNumber} está en un convenio de pago`);
        if (inv.status === 'PAID')
          throw new Refusal('ALREADY_PAID', `La factura ${inv.invoiceNumber} ya está pagada`);
        const ok = source === 'OFFICE' ? line.amountCents <= inv.dueCents : line.amountCents === inv.dueCents;
        if (!ok)
          throw new Refusal(
            'AMOUNT_MISMATCH',
            `La factura ${inv.invoiceNumber} debe ${inv.dueCents} centavos, no ${line.amountCents}`,
          );
      }
      const sum = p.invoices.reduce((t, i) => t + i.amountCents, 0);
      if (sum !== p.amountCents)
        throw new Refusal(
          'AMOUNT_MISMATCH',
          `amountCents (${p.amountCents}) no es la suma de las facturas (${sum})`,
        );
      for (const line of p.invoices) {
        await sql.query(
          `update ${s}.invoices set paid_cents = paid_cents + $2,
             status = case when paid_cents + $2 >= amount_cents then 'PAID' else 'PARTIAL' end
           where invoice_number = $1`,
          [line.invoiceNumber, line.amountCents],
        );
        await sql.query(
          `insert into ${s}.posting_invoices (posting_id, invoice_number, amount_cents) values ($1,$2,$3)`,
          [postingId, line.invoiceNumber, line.amountCents],
        );
      }
      await appendChanges(
        sql,
        p.invoices.map((i) => ({
          type: 'PAYMENT_RECORDED' as const,
          cc: p.cc,
          invoiceNumber: i.invoiceNumber,
        })),
      );
      return { postingId, created: true };
    });
  }

  /** A new account for a contract signed in the portal, once per key. */
  async function createAccount(key: string, a: NewAccountInput): Promise<{ cc: string; created: boolean }> {
    const requestHash = hash(a);
    return store.tx(async (sql) => {
      const inserted = await sql.query<{ cc: string }>(
        `insert into ${s}.accounts (cc, client_type, holder_name, national_id, address, municipality, policy,
           contract_number, active, office_id, metered, nucleus_people, request_id, request_hash)
         values ('25' || lpad(nextval('${s}.account_seq')::text, 11, '0'), $1,$2,$3,$4,$5,$6,$7,true,$8,
           $9, 1, $10, $11)
         on conflict (request_id) do nothing returning cc`,
        [
          a.sector,
          a.holderName,
          a.nationalId,
          a.address,
          a.municipality,
          a.policy,
          a.contractNumber,
          officeId(a.municipality),
          a.sector !== 'RESIDENTIAL',
          key,
          requestHash,
        ],
      );
      if (!inserted.length) {
        const [seen] = await sql.query<{ cc: string }>(`select cc from ${s}.accounts where request_id = $1`, [
          key,
        ]);
        return { cc: seen.cc, created: false };
      }
      await appendChanges(sql, [{ type: 'ACCOUNT_CHANGED', cc: inserted[0].cc }]);
      return { cc: inserted[0].cc, created: true };
    });
  }

  /** Issues the account's invoice for the period after its latest one (the office's billing run). */
  async function issueNextInvoice(cc: string, opts: { amountCents?: number } = {}): Promise<Invoice> {
    return store.tx(async (sql) => {
      const account = await lockAccount(sql, cc);
      const [last] = await sql.query(
        `select seq, period_to::text as period_to from ${s}.invoices where cc = $1 order by seq desc limit 1`,
        [cc],
      );
      const today = now();
      const from = last
        ? addDays(String(last.period_to), 1)
        : new Date(
            Date.UTC(
              today.getUTCFullYear(),
              today.getUTCMonth() - (today.getUTCMonth() % BILLING_PERIOD_MONTHS) - BILLING_PERIOD_MONTHS,
              1,
            ),
          );
      const next = new Date(from);
      next.setUTCMonth(next.getUTCMonth() + BILLING_PERIOD_MONTHS);
      const to = new Date(next.getTime() - 86_400_000);
      const seq = n(last?.seq) + 1;
      const consumptionM3 = account.metered ? 10 + (seq % 7) * 3 : null;
      const amountCents =
        opts.amountCents ??
        invoiceAmountCents({
          clientType: account.client_type as ClientType,
          metered: Boolean(account.metered),
          nucleusPeople: n(account.nucleus_people),
          consumptionM3: consumptionM3 ?? 0,
        });
      const [row] = await sql.query(
        `insert into ${s}.invoices (invoice_number, cc, seq, issued_at, period_from, period_to, amount_cents,
           paid_cents, status, consumption_m3) values ($1,$2,$3,$4,$5,$6,$7,0,'OPEN',$8)
         returning ${INVOICE_COLUMNS}`,
        [
          demoInvoiceNumber(cc, seq),
          cc,
          seq,
          today.toISOString(),
          from.toISOString().slice(0, 10),
          to.toISOString().slice(0, 10),
          amountCents,
          consumptionM3,
        ],
      );
      await appendChanges(sql, [{ type: 'INVOICE_ISSUED', cc, invoiceNumber: String(row.invoice_number) }]);
      return toInvoice(row);
    });
  }

  /** Puts an open invoice under a payment agreement (convenio): INVOICE_CHANGED. */
  async function agreeInvoice(cc: string, invoiceNumber: string): Promise<Invoice> {
    return store.tx(async (sql) => {
      const [row] = await sql.query(
        `update ${s}.invoices set status = 'AGREED' where cc = $1 and invoice_number = $2
           and status in ('OPEN','PARTIAL') returning ${INVOICE_COLUMNS}`,
        [cc, invoiceNumber],
      );
      if (!row) throw new BadInput(`La factura ${invoiceNumber} no está pendiente en la cuenta ${cc}`);
      await appendChanges(sql, [{ type: 'INVOICE_CHANGED', cc, invoiceNumber }]);
      return toInvoice(row);
    });
  }

  /** Activates or deactivates an account: ACCOUNT_CHANGED. */
  async function setActive(cc: string, active: boolean): Promise<void> {
    await store.tx(async (sql) => {
      await lockAccount(sql, cc);
      await sql.query(`update ${s}.accounts set active = $2 where cc = $1`, [cc, active]);
      await appendChanges(sql, [{ type: 'ACCOUNT_CHANGED', cc }]);
    });
  }

  return {
    store,
    postPayment,
    createAccount,
    issueNextInvoice,
    agreeInvoice,
    setActive,

    async getAccount(cc: string): Promise<Account | null> {
      return (await accounts(store, [cc]))[0] ?? null;
    },

    lookup: (ccs: string[]) => accounts(store, [...new Set(ccs)]),

    async listInvoices(
      cc: string,
      q: { status: 'open' | 'all'; page: number; size: number },
    ): Promise<{ rows: Invoice[]; total: number } | null> {
      const [exists] = await store.query(`select 1 from ${s}.accounts where cc = $1`, [cc]);
      if (!exists) return null;
      const where = `cc = $1${q.status === 'open' ? ` and status <> 'PAID'` : ''}`;
      const [{ total }] = await store.query<{ total: number }>(
        `select count(*)::int as total from ${s}.invoices where ${where}`,
        [cc],
      );
      const rows = await store.query(
        `select ${INVOICE_COLUMNS} from ${s}.invoices where ${where}
         order by issued_at desc, seq desc limit $2 offset $3`,
        [cc, q.size, (q.page - 1) * q.size],
      );
      return { rows: rows.map(toInvoice), total: n(total) };
    },

    async getInvoice(cc: string, invoiceNumber: string): Promise<Invoice | null> {
      const [row] = await store.query(
        `select ${INVOICE_COLUMNS} from ${s}.invoices where cc = $1 and invoice_number = $2`,
        [cc, invoiceNumber],
      );
      return row ? toInvoice(row) : null;
    },

    /** Events after `after` (a cursor of this feed, or null for the beginning), oldest first. */
    async changes(after: string | null, limit: number): Promise<ChangeEvent[]> {
      const rows = await store.query(
        `select id, type, cc, invoice_number, at from ${s}.changes where id > $1 order by id limit $2`,
        [after === null ? 0 : after.replace(/^0+(?=\d)/, ''), limit],
      );
      return rows.map((r) => ({
        cursor: cursorOf(r.id),
        type: r.type as ChangeType,
        cc: String(r.cc),
        ...(r.invoice_number ? { invoiceNumber: String(r.invoice_number) } : {}),
        at: iso(r.at),
      }));
    },

    /** Postings applied for a key or a code (the cashier page and tests). */
    async postings(filter: { cc?: string; key?: string }) {
      const rows = await store.query(
        `select p.posting_id, p.idempotency_key, p.source, p.type, p.method, p.amount_cents, p.bonus_cents,
           p.paid_at, p.created_at,
           coalesce((select string_agg(invoice_number, ',' order by invoice_number)
             from ${s}.posting_invoices x where x.posting_id = p.posting_id), '') as invoices
         from ${s}.postings p where ($1::text is null or p.cc = $1) and ($2::text is null or p.idempotency_key = $2)
         order by p.created_at desc, p.posting_id limit 50`,
        [filter.cc ?? null, filter.key ?? null],
      );
      return rows.map((r) => ({
        postingId: String(r.posting_id),
        idempotencyKey: String(r.idempotency_key),
        source: String(r.source),
        type: String(r.type),
        method: String(r.method),
        amountCents: n(r.amount_cents),
        bonusCents: n(r.bonus_cents),
        paidAt: iso(r.paid_at),
        invoices: String(r.invoices).split(',').filter(Boolean),
      }));
    },

    /**
     * Fresh fixtures for the conformance kit: an active account with three OPEN invoices, one PAID
     * and one AGREED, and an inactive account with one OPEN invoice.
     */
    async createFixtures(): Promise<{ ccs: string[]; inactiveCc: string }> {
      const make = async (label: string) => {
        const { cc } = await createAccount(`fixture-${randomUUID()}`, {
          requestId: 'fixture',
          sector: 'RESIDENTIAL',
          holderName: `Cuenta de prueba ${label}`,
          nationalId: '00000000000',
          address: 'Calle 23 No. 1, e/ L y M',
          municipality: 2,
          contractNumber: `CT-FIX-${label}`,
          policy: `POL-FIX-${label}`,
        });
        return cc;
      };
      const cc = await make('A');
      for (let k = 0; k < 5; k++) await issueNextInvoice(cc, { amountCents: 1000 + k * 111 });
      const all = await store.query<{ invoice_number: string; amount_cents: number }>(
        `select invoice_number, amount_cents from ${s}.invoices where cc = $1 order by seq`,
        [cc],
      );
      await agreeInvoice(cc, all[0].invoice_number);
      await postPayment(
        `fixture-${randomUUID()}`,
        {
          paymentId: 'fixture',
          cc,
          type: 'CC',
          method: 'OFICINA_COMERCIAL',
          gatewayReference: 'fixture',
          paidAt: now().toISOString(),
          amountCents: n(all[1].amount_cents),
          bonusCents: 0,
          invoices: [{ invoiceNumber: all[1].invoice_number, amountCents: n(all[1].amount_cents) }],
        },
        'OFFICE',
      );
      const inactiveCc = await make('B');
      await issueNextInvoice(inactiveCc, { amountCents: 1500 });
      await setActive(inactiveCc, false);
      return { ccs: [cc], inactiveCc };
    },
  };
}

function addDays(date: string, days: number): Date {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}
