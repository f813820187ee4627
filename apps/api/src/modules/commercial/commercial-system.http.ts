import {
  AppError,
  advanceBonusCents,
  type CcDebt,
  findMunicipality,
  type InvoiceDto,
  type InvoiceStatus,
  invoiceDisplayStatus,
  type LastKnown,
} from '@ov/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import {
  type CommercialSystem,
  formatAddress,
  type LedgerAccount,
  LedgerRejection,
  type OpenInvoice,
} from '../billing';
import { type Breaker, createBreaker } from './breaker';
import type { ClaimsRepository, Hold } from './claims.repository';
import {
  type CommercialClient,
  CommercialUnavailable,
  type RemoteAccount,
  type RemoteInvoice,
  type RemoteInvoicePage,
  type RemotePayment,
} from './commercial.client';
import type { DirectoryRepository } from './directory.repository';
import type { LastKnownRepository } from './last-known.repository';
import type { PostingsRepository } from './postings.repository';

/** An in-memory copy is dropped when the change feed names its code; this only bounds a missed one. */
const MEMORY_TTL_MS = 5 * 60_000;
/** A field the contract requires that the portal does not have (`POST /v1/accounts`). */
const NOT_GIVEN = 'S/N';
const MEMORY_MAX_CODES = 50_000;
/** commercial_state `reads` is written at most this often per process. */
const STATE_WRITE_MS = 10_000;
/** The contract's largest page. */
const PAGE_MAX = 100;

export interface HttpCommercialDeps {
  /**
   * false: no answer is kept in memory, every read goes to the system (DEBTS_CACHE=false: to measure the
   * live path, or to rule the copies out while diagnosing). The last known answers are kept either way.
   */
  keep?: boolean;
  client: CommercialClient;
  lastKnown: LastKnownRepository;
  claims: ClaimsRepository;
  postings: PostingsRepository;
  /** The codes the portal knows (billing's accounts), so links to them hold. */
  directory: DirectoryRepository;
  /** Cross-process invalidations (channel `ov_cache`): `commercial:<cc>` drops the copies of a code. */
  invalidations: Pick<Database, 'onCacheInvalidation'>;
  /** The portal's space the utility's accounts belong to. */
  space: string;
  log?: FastifyBaseLogger;
  breaker?: { failures: number; openMs: number };
}

/** An answer of the commercial system; `asOf` when it is the last known one (the system did not answer). */
interface Answer<T> {
  value: T;
  asOf?: Date;
}

const marker = (asOf?: Date): LastKnown => (asOf ? { asOf: asOf.toISOString(), stale: true } : {});

const STATUS: Record<RemoteInvoice['status'], InvoiceStatus> = {
  OPEN: 'PENDING',
  PARTIAL: 'PARTIAL',
  PAID: 'PAID',
  AGREED: 'AGREED',
};

/** The contract's account as the portal shows it (the address is one line: all of it in `street`). */
export function toPortalAccount(space: string, a: RemoteAccount, asOf?: Date): LedgerAccount {
  return {
    space,
    cc: a.cc,
    holder: a.holderName,
    clientType: a.clientType,
    street: a.address,
    number: null,
    betweenStreets: null,
    municipality: findMunicipality(a.municipality)?.municipio ?? String(a.municipality),
    municipalityPk: a.municipality,
    popularCouncil: null,
    commercialOffice: a.officeId ?? '',
    policy: a.policy,
    contractNumber: a.contractNumber,
    // Not in the contract.
    nucleusPeople: 0,
    metered: false,
    active: a.active,
    ...marker(asOf),
  };
}

/** The contract's invoice as the portal shows it; id = invoice number. `heldBy`: a portal payment holding it. */
export function toPortalInvoice(
  cc: string,
  i: RemoteInvoice,
  heldBy: string | null,
  asOf?: Date,
): InvoiceDto {
  const status = STATUS[i.status];
  return {
    id: i.invoiceNumber,
    cc,
    number: i.invoiceNumber,
    issuedOn: i.issuedAt.slice(0, 10),
    periodFrom: i.periodFrom.slice(0, 10),
    periodTo: i.periodTo.slice(0, 10),
    invoicedCents: i.amountCents,
    paidCents: i.paidCents,
    bonusCents: 0,
    toPayCents: status === 'PAID' ? 0 : i.dueCents,
    partial: status === 'PARTIAL',
    policy: null,
    status,
    displayStatus: invoiceDisplayStatus({
      status,
      inFlightPaymentId: heldBy,
      invoicedCents: i.amountCents,
      paidCents: i.paidCents,
    }),
    consumptionM3: null,
    ...marker(asOf),
  };
}

function toOpenInvoice(dto: InvoiceDto, heldBy: string | null): OpenInvoice {
  return {
    id: dto.id,
    number: dto.number,
    issuedOn: dto.issuedOn,
    invoicedCents: dto.invoicedCents,
    paidCents: dto.paidCents,
    bonusCents: dto.bonusCents,
    dueCents: dto.toPayCents,
    displayStatus: dto.displayStatus,
    inFlightPaymentId: heldBy,
  };
}

/**
 * Billing's `CommercialSystem` over the utility's system (design §7, COMMERCIAL_SYSTEM=http).
 *
 * Reads: each answer is kept per code and question in this process's memory (until the change feed
 * names the code: `forget`) and in commercial_last_known (shared by every process). A read the memory
 * cannot answer goes to the system (short timeout, circuit breaker); when that fails the last known
 * answer is given, marked with when it was read (`asOf`, `stale`), or SERVICEUNAVAILABLEERROR 504 when
 * nothing is known. Invoices held by a portal payment (a claim, or a payment waiting to be posted) show
 * as "Procesando".
 *
 * Money: a payment claims its invoices after a LIVE read (never a kept copy; result code 10 when the
 * system does not answer); a confirmed payment goes to the posting outbox (postings.repository) in the
 * transaction that settles it; the jobs process posts it.
 *
 * What the contract does not carry, and the portal therefore shows differently than with the built-in
 * ledger: the address is one line (all in `street`); consumption in m³, popular council, household size
 * and metering are unknown (null / 0 / false); the debt summary of debts-ccs has no oldest due date nor
 * agreed count (null / 0) and its total leaves agreed invoices out (the contract's `debtCents`); an
 * invoice's detail lists no payments, and a paid invoice has no portal receipt (its id is its number);
 * staff find an account by its exact code only; a refund cannot undo a posting (no reversal call).
 */
export function createHttpCommercialSystem(deps: HttpCommercialDeps): CommercialSystem & { close(): void } {
  const { client, lastKnown, claims, postings, directory, space, log } = deps;
  const entryOf = (a: RemoteAccount) => ({
    cc: a.cc,
    space,
    holderName: a.holderName,
    clientType: a.clientType,
    street: a.address,
    municipality: a.municipality,
    commercialOffice: a.officeId ?? '',
    policy: a.policy,
    contractNumber: a.contractNumber,
    active: a.active,
  });
  const breaker: Breaker = createBreaker(deps.breaker ?? { failures: 5, openMs: 15_000 });

  // ---- the kept answers ----
  const memory = new Map<string, Map<string, { value: unknown; expires: number }>>();
  let generation = 0;
  const dropLocal = (cc: string) => {
    generation += 1;
    memory.delete(cc);
  };
  const remember = (cc: string, key: string, value: unknown) => {
    let byKey = memory.get(cc);
    if (!byKey) {
      if (memory.size >= MEMORY_MAX_CODES) memory.delete(memory.keys().next().value as string);
      byKey = new Map();
      memory.set(cc, byKey);
    }
    byKey.set(key, { value, expires: Date.now() + MEMORY_TTL_MS });
  };
  const recall = (cc: string, key: string, now: number) => {
    if (deps.keep === false) return undefined;
    const hit = memory.get(cc)?.get(key);
    if (hit && hit.expires > now) return hit;
    return undefined;
  };
  const unsubscribe = deps.invalidations.onCacheInvalidation(
    (payload) => {
      if (!payload.startsWith('commercial:')) return;
      const cc = payload.slice('commercial:'.length);
      if (cc === '*') {
        generation += 1;
        memory.clear();
      } else dropLocal(cc);
    },
    () => {
      generation += 1;
      memory.clear();
    },
  );

  // ---- read health (commercial_state `reads`), written at most every STATE_WRITE_MS ----
  let okWritten = 0;
  let errorWritten = 0;
  const noteOk = () => {
    const now = Date.now();
    if (now - okWritten < STATE_WRITE_MS) return;
    okWritten = now;
    lastKnown.readOk(new Date(now)).catch((err) => log?.warn({ err }, 'commercial read health not saved'));
  };
  const noteFailure = (err: CommercialUnavailable) => {
    // While the breaker is open nothing is sent: said once, when it opened.
    if (breaker.state === 'open' && err.message.startsWith('circuit open')) return;
    log?.warn({ kind: err.kind, status: err.status }, `commercial system: ${err.message}`);
    const now = Date.now();
    if (now - errorWritten < STATE_WRITE_MS) return;
    errorWritten = now;
    lastKnown
      .readFailed(new Date(now), err.message)
      .catch((e) => log?.warn({ err: e }, 'commercial read health not saved'));
  };

  /** A live call through the breaker; the health noted either way. */
  async function live<T>(call: () => Promise<T>): Promise<T> {
    try {
      const answer = await breaker.run(call);
      noteOk();
      return answer;
    } catch (err) {
      if (err instanceof CommercialUnavailable) noteFailure(err);
      throw err;
    }
  }

  /**
   * One question (`key`) for several codes: the memory's copies, the others asked live together
   * (`ask` answers each of `missing`, null for a code it does not know) and kept; if the system does not
   * answer, the last known answers. Codes with no answer at all are left out; none at all → 504.
   */
  async function read<T>(
    ccs: string[],
    key: string,
    ask: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<Map<string, Answer<T>>> {
    const now = Date.now();
    const out = new Map<string, Answer<T>>();
    const missing: string[] = [];
    for (const cc of new Set(ccs)) {
      const hit = recall(cc, key, now);
      if (hit) out.set(cc, { value: hit.value as T });
      else missing.push(cc);
    }
    if (!missing.length) return out;
    const started = generation;
    let answers: Map<string, T>;
    try {
      answers = await live(() => ask(missing));
    } catch (err) {
      if (!(err instanceof CommercialUnavailable)) throw err;
      for (const row of await lastKnown.find(missing, key))
        out.set(row.cc, { value: (row.body as { v: T }).v, asOf: row.fetchedAt });
      if (!out.size) throw new AppError('SERVICEUNAVAILABLEERROR', 504);
      return out;
    }
    const keep = generation === started;
    const rows: { cc: string; key: string; body: unknown }[] = [];
    for (const cc of missing) {
      const value = (answers.has(cc) ? answers.get(cc) : null) as T;
      out.set(cc, { value });
      if (keep) remember(cc, key, value);
      rows.push({ cc, key, body: { v: value } });
    }
    await lastKnown.save(rows).catch((err) => log?.warn({ err }, 'last known commercial answers not saved'));
    return out;
  }

  const readOne = async <T>(cc: string, key: string, ask: () => Promise<T>): Promise<Answer<T>> => {
    const got = await read<T>([cc], key, async () => new Map([[cc, await ask()]]));
    return got.get(cc)!;
  };

  const accounts = (ccs: string[]) =>
    read<RemoteAccount | null>(ccs, 'account', async (missing) => {
      const found = await client.lookup(missing);
      await directory.mirror(found.map(entryOf));
      return new Map(found.map((a) => [a.cc, a]));
    });

  /** Every invoice of a code (`open`: not paid), newest first, all pages; null for an unknown code. */
  const everyInvoice = (cc: string, status: 'open' | 'all') =>
    readOne<RemoteInvoice[] | null>(cc, `list:${status}`, async () => {
      const rows: RemoteInvoice[] = [];
      for (let page = 1; ; page += 1) {
        const got = await client.invoices(cc, { status, page, size: PAGE_MAX });
        if (!got) return null;
        rows.push(...got.rows);
        if (!got.rows.length || rows.length >= got.total) return rows;
      }
    });

  /** One page as the contract gives it (size ≤ 100), newest first. */
  const invoicePage = (cc: string, page: number, size: number) =>
    readOne<RemoteInvoicePage | null>(cc, `page:all:${page}:${size}`, () =>
      client.invoices(cc, { status: 'all', page, size }),
    );

  const heldIn = async (cc: string) => {
    const holds = await claims.holds([cc]);
    return new Map(holds.map((h) => [h.invoiceNumber, h.paymentId]));
  };

  /**
   * The live check before money moves: the account and each invoice read now (never a kept copy);
   * refusals with the spec's payment result codes as the built-in ledger gives them.
   */
  async function confirmLive(tx: Executor, cc: string, numbers: string[], paymentId: string) {
    if (!numbers.length) throw new LedgerRejection(7);
    let account: RemoteAccount | null;
    let invoices: (RemoteInvoice | null)[];
    try {
      [account, invoices] = await live(() =>
        Promise.all([client.account(cc), Promise.all(numbers.map((n) => client.invoice(cc, n)))]),
      );
    } catch (err) {
      if (err instanceof CommercialUnavailable) throw new LedgerRejection(10);
      throw err;
    }
    if (!account) throw new LedgerRejection(7, numbers);
    const missing = numbers.filter((_, k) => !invoices[k]);
    if (missing.length) throw new LedgerRejection(7, missing);
    const found = invoices as RemoteInvoice[];
    const paid = found.filter((i) => i.status === 'PAID' || i.dueCents <= 0);
    if (paid.length) {
      // Paid meanwhile (at an office): what this process kept of the code is out of date.
      dropLocal(cc);
      throw new LedgerRejection(
        3,
        paid.map((i) => i.invoiceNumber),
      );
    }
    const agreed = found.filter((i) => i.status === 'AGREED');
    if (agreed.length)
      throw new LedgerRejection(
        12,
        agreed.map((i) => i.invoiceNumber),
      );
    if (!account.active) throw new LedgerRejection(9, numbers);
    const waiting = (await claims.waitingPostings([cc], tx)).filter(
      (h: Hold) => h.paymentId !== paymentId && numbers.includes(h.invoiceNumber),
    );
    const taken = [
      ...new Set([
        ...(await claims.claimedByOthers(tx, cc, numbers, paymentId)),
        ...waiting.map((h) => h.invoiceNumber),
      ]),
    ];
    if (taken.length) throw new LedgerRejection(4, taken);
    const held = await claims.claim(
      tx,
      paymentId,
      found.map((i) => ({ cc, invoiceNumber: i.invoiceNumber, dueCents: i.dueCents })),
    );
    const lost = numbers.filter((n) => !held.includes(n));
    if (lost.length) throw new LedgerRejection(4, lost);
    return found;
  }

  return {
    kind: 'http',

    async findAccount(cc) {
      const a = (await accounts([cc])).get(cc);
      return a?.value ? toPortalAccount(space, a.value, a.asOf) : null;
    },

    async findAccounts(ccs) {
      if (!ccs.length) return [];
      const got = await accounts(ccs);
      return ccs.flatMap((cc) => {
        const a = got.get(cc);
        return a?.value ? [toPortalAccount(space, a.value, a.asOf)] : [];
      });
    },

    async getDebt(cc) {
      const [list, held] = await Promise.all([everyInvoice(cc, 'open'), heldIn(cc)]);
      const open = (list.value ?? [])
        .map((i) => {
          const by = held.get(i.invoiceNumber) ?? null;
          return toOpenInvoice(toPortalInvoice(cc, i, by), by);
        })
        .filter((i) => i.dueCents > 0)
        .reverse();
      return {
        cc,
        totalDebtCents: open.reduce((s, i) => s + i.dueCents, 0),
        invoices: open,
        ...marker(list.asOf),
      };
    },

    /**
     * One lookup for all the codes. The contract's account gives the debt (OPEN and PARTIAL, not
     * AGREED) and how many invoices are open; the oldest due date and the agreed count are not in it
     * (null / 0 here).
     */
    async getDebts(ccs) {
      if (!ccs.length) return [];
      const [got, holds] = await Promise.all([accounts(ccs), claims.holds(ccs)]);
      return ccs.flatMap((cc): CcDebt[] => {
        const a = got.get(cc);
        if (!a) return [];
        const processing = new Set(holds.filter((h) => h.cc === cc).map((h) => h.invoiceNumber)).size;
        return [
          {
            cc,
            totalDebtCents: a.value?.debtCents ?? 0,
            pendingInvoices: a.value?.openInvoiceCount ?? 0,
            oldestDue: null,
            agreedInvoices: 0,
            processingInvoices: processing,
            ...marker(a.asOf),
          },
        ];
      });
    },

    /**
     * The contract pages by `status=open|all` only: without filters a page is asked as it is (in
     * pages of at most 100); with the portal's date or display-status filters every invoice of the
     * code is read and the filter and page applied here.
     */
    async getInvoices(cc, q) {
      const held = await heldIn(cc);
      const dto = (i: RemoteInvoice, asOf?: Date) =>
        toPortalInvoice(cc, i, held.get(i.invoiceNumber) ?? null, asOf);
      const filtered = Boolean(q.from || q.to || q.status?.length);
      if (!filtered && q.size <= PAGE_MAX) {
        const page = await invoicePage(cc, q.page, q.size);
        return {
          rows: (page.value?.rows ?? []).map((i) => dto(i, page.asOf)),
          total: page.value?.total ?? 0,
        };
      }
      const all = await everyInvoice(cc, 'all');
      const rows = (all.value ?? [])
        .map((i) => dto(i, all.asOf))
        .filter(
          (i) =>
            (!q.from || i.issuedOn >= q.from) &&
            (!q.to || i.issuedOn <= q.to) &&
            (!q.status?.length || q.status.includes(i.displayStatus)),
        );
      return { rows: rows.slice((q.page - 1) * q.size, q.page * q.size), total: rows.length };
    },

    async getInvoice(cc, invoiceId) {
      const [got, held] = await Promise.all([
        readOne(cc, `invoice:${invoiceId}`, () => client.invoice(cc, invoiceId)),
        heldIn(cc),
      ]);
      return got.value ? toPortalInvoice(cc, got.value, held.get(invoiceId) ?? null, got.asOf) : null;
    },

    async latestInvoiceNumbers(cc, count) {
      const page = await invoicePage(cc, 1, Math.min(count, PAGE_MAX));
      return (page.value?.rows ?? []).map((i) => i.invoiceNumber);
    },

    async getAdvanceBalance(cc) {
      return (await accounts([cc])).get(cc)?.value?.advanceBalanceCents ?? 0;
    },

    async getAdvanceBalances(ccs) {
      const map = new Map(ccs.map((cc) => [cc, 0]));
      if (!ccs.length) return map;
      for (const [cc, a] of await accounts(ccs)) map.set(cc, a.value?.advanceBalanceCents ?? 0);
      return map;
    },

    /** What the last invoices billed, oldest first; the contract has no consumption (m³): null. */
    async getConsumption(cc, periods) {
      const page = await invoicePage(cc, 1, Math.min(periods, PAGE_MAX));
      return (page.value?.rows ?? [])
        .slice()
        .reverse()
        .map((i) => ({
          period: i.periodFrom.slice(0, 7),
          periodFrom: i.periodFrom.slice(0, 10),
          periodTo: i.periodTo.slice(0, 10),
          invoicedCents: i.amountCents,
          consumptionM3: null,
        }));
    },

    async markInvoicesInFlight(tx, { cc, invoiceIds, paymentId }) {
      const found = await confirmLive(tx, cc, [...new Set(invoiceIds)], paymentId);
      return found.map((i) => toOpenInvoice(toPortalInvoice(cc, i, paymentId), paymentId));
    },

    releaseInvoices: (tx, paymentId) => claims.release(tx, paymentId),

    /**
     * Queues the posting (once per payment: the outbox is keyed by payment id) with what was due on
     * each invoice when it was claimed, and lets the claims go: the waiting posting holds the invoices
     * now. An invoice the payment no longer holds (its claim was released) is confirmed live again.
     */
    async applyPayment(tx, p) {
      if (await postings.byPaymentId(p.paymentId, tx))
        return { applied: false, ledgerPaymentId: p.paymentId };
      const numbers = [...new Set(p.invoiceIds)];
      const due = new Map((await claims.claimsOf(tx, p.paymentId)).map((c) => [c.invoiceNumber, c.dueCents]));
      const unclaimed = numbers.filter((n) => !due.has(n));
      if (unclaimed.length)
        for (const i of await confirmLive(tx, p.cc, unclaimed, p.paymentId))
          due.set(i.invoiceNumber, i.dueCents);
      const lines = numbers.map((n) => ({ invoiceNumber: n, amountCents: due.get(n)! }));
      const total = lines.reduce((s, l) => s + l.amountCents, 0);
      if (!Number.isSafeInteger(p.amountCents) || p.amountCents !== total) throw new LedgerRejection(13);
      const body: RemotePayment = {
        paymentId: p.paymentId,
        cc: p.cc,
        type: 'CC',
        method: p.method as RemotePayment['method'],
        gatewayReference: p.gatewayReference || p.paymentId,
        paidAt: (p.paidAt ?? new Date()).toISOString(),
        amountCents: p.amountCents,
        bonusCents: 0,
        invoices: lines,
      };
      const applied = await postings.enqueue(
        { paymentId: p.paymentId, space: p.space ?? space, cc: p.cc, body },
        tx,
      );
      await claims.release(tx, p.paymentId);
      return { applied, ledgerPaymentId: p.paymentId };
    },

    async creditAdvance(tx, a) {
      if (!Number.isSafeInteger(a.amountCents) || a.amountCents <= 0) throw new LedgerRejection(13);
      const bonusCents = advanceBonusCents(a.amountCents, a.bonusPercent);
      const body: RemotePayment = {
        paymentId: a.paymentId,
        cc: a.cc,
        type: 'ADELANTO',
        method: a.method as RemotePayment['method'],
        gatewayReference: a.gatewayReference || a.paymentId,
        paidAt: (a.paidAt ?? new Date()).toISOString(),
        amountCents: a.amountCents,
        bonusCents,
        invoices: [],
      };
      const applied = await postings.enqueue(
        { paymentId: a.paymentId, space: a.space ?? space, cc: a.cc, body },
        tx,
      );
      const kept = recall(a.cc, 'account', Date.now())?.value as RemoteAccount | null | undefined;
      const credited = applied ? a.amountCents + bonusCents : 0;
      return { applied, creditedCents: credited, balanceCents: (kept?.advanceBalanceCents ?? 0) + credited };
    },

    /**
     * The contract has no reversal: a refund through the gateway is the portal's business, and the
     * utility's staff undo the posting in their own system (the reconciliation report shows it).
     */
    async reversePayment() {
      return { reversed: false, reversedCents: 0 };
    },

    async openAccount(tx, a) {
      const opened = await client.createAccount({
        requestId: a.requestId,
        sector: a.sector,
        holderName: a.holderName,
        // The contract requires each of these; what the portal does not have (an entity that gave no
        // REEUP code) goes as "S/N" (sin número), as on the utility's paper forms.
        nationalId: a.nationalId?.trim() || NOT_GIVEN,
        address: formatAddress(a),
        municipality: a.municipality,
        contractNumber: a.contractNumber?.trim() || NOT_GIVEN,
        policy: a.policy?.trim() || NOT_GIVEN,
      });
      await directory.mirror(
        [
          {
            cc: opened.cc,
            space: a.space,
            holderName: a.holderName,
            clientType: a.sector,
            street: formatAddress(a),
            municipality: a.municipality,
            commercialOffice: a.commercialOffice,
            policy: a.policy,
            contractNumber: a.contractNumber,
            active: true,
          },
        ],
        tx,
      );
      return opened;
    },

    async forget(ccs) {
      const codes = [...new Set(ccs)];
      if (!codes.length) return;
      for (const cc of codes) dropLocal(cc);
      await lastKnown.markStale(codes);
      await lastKnown.announceForget(codes);
    },

    close: unsubscribe,
  };
}
