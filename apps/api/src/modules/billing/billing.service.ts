import {
  AppError,
  type ClientCodeSummary,
  type InvoiceCcQuery,
  maskHolderName,
  normalizeClientCode,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/language';
import type { SearchQuery } from '../../lib/search';
import {
  CODE_CHECK_RATE,
  consume,
  OWNERSHIP_PROOF_RATE,
  refund,
  UNKNOWN_CODE_RATE,
} from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import type { CodePattern } from '../settings';
import { createCodeAccess, readsAnyCode } from './billing.access';
import type { BillingRepository } from './billing.repository';
import type { CommercialSystem, LedgerAccount } from './commercial-system';
import type { BillingDocuments } from './documents.service';
import { formatAddress, toLedgerAccount } from './ledger.mappers';

const PROOF_INVOICES = 3;
const CONSUMPTION_PERIODS = 12;
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether `proof` is the account's contract number or one of its last three invoice numbers. */
export async function provesOwnership(commercial: CommercialSystem, account: LedgerAccount, proof: string) {
  const numbers = await commercial.latestInvoiceNumbers(account.cc, PROOF_INVOICES);
  return (
    (account.contractNumber !== null && same(account.contractNumber, proof)) ||
    numbers.some((n) => same(n, proof))
  );
}

function summaryOf(a: LedgerAccount) {
  const { space: _space, ...summary } = a;
  return summary;
}

export function createBillingService(deps: {
  db: Db;
  repo: BillingRepository;
  commercial: CommercialSystem;
  documents: BillingDocuments;
  codePattern: CodePattern;
}) {
  const { db, commercial, repo, documents } = deps;
  const access = createCodeAccess({ commercial, repo, codePattern: deps.codePattern });

  async function isUniqueViolation(fn: () => Promise<void>) {
    try {
      await fn();
      return false;
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      if (code === '23505') return true;
      throw err;
    }
  }

  return {
    access,

    /** The receipt of a payment applied to the ledger, for its owner or INVOICE:READ (461 unknown payment). */
    async paymentReceipt(p: Principal, paymentId: string, lang: Lang) {
      const cc = await documents.paymentCc(paymentId);
      if (cc) await access.reach(p, cc);
      return documents.paymentReceipt(paymentId, lang);
    },

    /** The receipt of a paid invoice (owner or INVOICE:READ). */
    invoiceReceipt(p: Principal, invoiceId: string, lang: Lang) {
      return documents.invoiceReceipt(p, access, invoiceId, lang);
    },

    /** The account's service contract (owner or INVOICE:READ). */
    contract(p: Principal, cc: string, lang: Lang) {
      return documents.contract(p, access, cc, lang);
    },

    /**
     * Customers may check 30 codes in 15 minutes, 10 of them unknown (the code space cannot be
     * enumerated); staff who read every code anyway are not limited.
     */
    async validateCc(p: Principal, raw: string) {
      const cc = await access.parseCc(p, raw);
      const limited = !readsAnyCode(p);
      if (limited) {
        await consume(db, `code-check:${p.userId}`, CODE_CHECK_RATE);
        await consume(db, `code-unknown:${p.userId}`, UNKNOWN_CODE_RATE);
      }
      const account = await access.known(p, cc);
      if (limited) await refund(db, `code-unknown:${p.userId}`, UNKNOWN_CODE_RATE);
      const link = await repo.linkOf(cc);
      const sees = readsAnyCode(p) || link?.userId === p.userId;
      return {
        cc,
        valid: true,
        active: account.active,
        clientType: account.clientType,
        holder: sees ? account.holder : maskHolderName(account.holder),
        municipality: account.municipality,
        associated: Boolean(link),
      };
    },

    async associate(p: Principal, raw: string, proof: string) {
      // Every attempt takes a slot up front (parallel guesses cannot pass together); a proven one
      // gives it back, so only wrong proofs count.
      const proofKey = `ownership-proof:${p.userId}`;
      const cc = await access.parseCc(p, raw);
      await consume(db, proofKey, OWNERSHIP_PROOF_RATE);
      const account = await access.known(p, cc);
      if (await repo.linkOf(cc)) throw new AppError('BADREQUESTERROR', 497);
      if (!(await provesOwnership(commercial, account, proof))) throw new AppError('BADREQUESTERROR', 499);
      await refund(db, proofKey, OWNERSHIP_PROOF_RATE);
      const taken = await isUniqueViolation(() =>
        repo.transaction(async (tx) => {
          await repo.insertLink({ userId: p.userId, cc, space: p.space }, tx);
          await writeTrace(tx, {
            space: p.space,
            type: 'CREATE',
            owner: p.userId,
            module: 'billing',
            section: 'client-codes',
            entityId: cc,
            after: { cc, userId: p.userId },
          });
        }),
      );
      if (taken) throw new AppError('BADREQUESTERROR', 497);
      return (await this.myCcs(p)).find((c) => c.cc === cc)!;
    },

    async dissociate(p: Principal, raw: string) {
      const cc = normalizeClientCode(raw);
      const link = await repo.linkOf(cc);
      if (!link || link.userId !== p.userId) throw new AppError('BADREQUESTERROR', 498);
      await repo.transaction(async (tx) => {
        await repo.deleteLink(cc, p.userId, tx);
        await writeTrace(tx, {
          space: p.space,
          type: 'REMOVE',
          owner: p.userId,
          module: 'billing',
          section: 'client-codes',
          entityId: cc,
          before: { cc, userId: p.userId },
        });
      });
      return { cc, associated: false };
    },

    async myCcs(p: Principal): Promise<ClientCodeSummary[]> {
      const links = await repo.linkedCcs(p.userId);
      const ccs = links.map((l) => l.cc);
      const [found, debts, balances] = await Promise.all([
        commercial.findAccounts(ccs),
        commercial.getDebts(ccs),
        commercial.getAdvanceBalances(ccs),
      ]);
      const byCc = new Map(found.map((a) => [a.cc, a]));
      const debtOf = new Map(debts.map((d) => [d.cc, d]));
      return links.flatMap((l) => {
        const a = byCc.get(l.cc);
        if (!a) return [];
        const debt = debtOf.get(a.cc);
        // Last known figures (the commercial system does not answer): the older of the two dates.
        const asOf = [a.asOf, debt?.asOf].filter((d): d is string => Boolean(d)).sort()[0];
        return [
          {
            cc: a.cc,
            holder: a.holder,
            clientType: a.clientType,
            address: formatAddress(a),
            municipality: a.municipality,
            municipalityPk: a.municipalityPk,
            commercialOffice: a.commercialOffice,
            policy: a.policy ?? null,
            contractNumber: a.contractNumber ?? null,
            active: a.active,
            totalDebtCents: debt?.totalDebtCents ?? 0,
            advanceBalanceCents: balances.get(a.cc) ?? 0,
            associatedAt: l.createdAt.toISOString(),
            ...(asOf ? { asOf, stale: true as const } : {}),
          },
        ];
      });
    },

    async debts(p: Principal, ccs: string[] | undefined) {
      if (ccs?.length) return commercial.getDebts(await access.reachMany(p, ccs));
      if (!p.isCustomer) return [];
      return commercial.getDebts((await repo.linkedCcs(p.userId)).map((l) => l.cc));
    },

    /** A customer's call is one statement: the page and its total (the account only if both are empty). */
    async invoices(p: Principal, q: InvoiceCcQuery) {
      const reached = await access.reachCode(p, q.cc);
      const page = await commercial.getInvoices(reached.cc, { page: q.page, size: q.size, ...q.filters });
      await access.confirm(p, reached, page.total === 0);
      return page;
    },

    async invoiceDetail(p: Principal, raw: string, invoiceId: string) {
      const a = await access.reach(p, raw);
      const invoice = await commercial.getInvoice(a.cc, invoiceId);
      if (!invoice) throw new AppError('NOTFOUND', 415);
      // The payments applied to it: the built-in ledger's own; a commercial system over HTTP does not say.
      const payments = commercial.kind === 'ledger' ? await repo.paymentsOfInvoice(invoice.id) : [];
      return {
        ...invoice,
        holder: a.holder,
        payments: payments.map((x) => ({
          ...x,
          kind: x.kind as 'CC' | 'ADELANTO',
          appliedAt: x.appliedAt.toISOString(),
        })),
      };
    },

    async advanceBalance(p: Principal, raw: string) {
      const reached = await access.reachCode(p, raw);
      const balanceCents = await commercial.getAdvanceBalance(reached.cc);
      await access.confirm(p, reached, balanceCents === 0);
      return { cc: reached.cc, balanceCents };
    },

    /** A customer's call is the debt summary alone (kept between requests), the account only if it is nil. */
    async totalDebt(p: Principal, raw: string) {
      const reached = await access.reachCode(p, raw);
      const [d] = await commercial.getDebts([reached.cc]);
      await access.confirm(p, reached, d.totalDebtCents === 0 && d.pendingInvoices === 0);
      return {
        cc: reached.cc,
        totalDebtCents: d.totalDebtCents,
        pendingInvoices: d.pendingInvoices,
        ...(d.asOf ? { asOf: d.asOf, stale: true as const } : {}),
      };
    },

    /** A contract request's code: it must exist, be active and (when given) of the request's type. */
    async validateReq(p: Principal, raw: string, clientType?: string) {
      const a = await access.reach(p, raw);
      if (!a.active) throw new AppError('BADREQUESTERROR', 854);
      if (clientType && clientType !== a.clientType) throw new AppError('BADREQUESTERROR', 357);
      return summaryOf(a);
    },

    async consumption(p: Principal, raw: string) {
      const reached = await access.reachCode(p, raw);
      const points = await commercial.getConsumption(reached.cc, CONSUMPTION_PERIODS);
      await access.confirm(p, reached, points.length === 0);
      return points;
    },

    async searchAccounts(p: Principal, q: SearchQuery) {
      const text = q.search ? normalizeClientCode(q.search) : '';
      const exactCc = /^\d+$/.test(text) ? text : null;
      if (commercial.kind === 'http') {
        // The accounts live in the utility's system, which is asked by code only (no search there).
        const a = exactCc ? await commercial.findAccount(exactCc) : null;
        if (!a || a.space !== p.space) return { rows: [], total: 0 };
        const links = await repo.linkCounts([a.cc]);
        return { rows: [{ ...summaryOf(a), associated: (links.get(a.cc) ?? 0) > 0 }], total: 1 };
      }
      const page = await repo.searchAccounts(p.space, q, exactCc);
      const links = await repo.linkCounts(page.rows.map((r) => r.cc));
      return {
        rows: page.rows.map((r) => ({
          ...summaryOf(toLedgerAccount(r)),
          associated: (links.get(r.cc) ?? 0) > 0,
        })),
        total: page.total,
      };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
