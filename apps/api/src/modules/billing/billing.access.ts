import { AppError, hasPermission, normalizeClientCode, PERMISSIONS } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { CodePattern } from '../settings';
import type { BillingRepository } from './billing.repository';
import type { CommercialSystem, LedgerAccount } from './commercial-system';

/** A code reached by `reachCode`: its account when it had to be read to decide. */
export interface ReachedCode {
  cc: string;
  account: LedgerAccount | null;
}

/** Staff who may look at any code of their space. */
export function readsAnyCode(p: Principal) {
  return hasPermission(p.permissions, [PERMISSIONS.INVOICE_READ]);
}

/**
 * Who reaches which client code: staff with INVOICE:READ reach any code of their space; a customer
 * only the codes linked to them (498 for any other, whether it exists or not: no probing).
 */
export function createCodeAccess(deps: {
  commercial: CommercialSystem;
  repo: BillingRepository;
  codePattern: CodePattern;
}) {
  /** 357 for a code that is not of the shape in force in the caller's space. */
  async function parseCc(p: Principal, raw: string): Promise<string> {
    return checkShape(await deps.codePattern(p.space), raw);
  }

  function checkShape(matcher: RegExp, raw: string): string {
    const cc = normalizeClientCode(raw);
    if (!matcher.test(cc)) throw new AppError('BADREQUESTERROR', 357, { field: 'cc' });
    return cc;
  }

  /** The caller's codes (kept between requests by the repository's cache when it has one). */
  async function ownCodes(userId: string): Promise<Set<string>> {
    return new Set((await deps.repo.linkedCcs(userId)).map((l) => l.cc));
  }

  async function existing(p: Principal, cc: string): Promise<LedgerAccount> {
    const account = await deps.commercial.findAccount(cc);
    if (!account || account.space !== p.space) throw new AppError('NOTFOUND', 415);
    return account;
  }

  /**
   * A code the customer typed to look up or add (validate-ccs, associate-cc): an unknown one is the
   * spec's result code 5, "El código de cliente no existe", as on the pay path.
   */
  async function known(p: Principal, cc: string): Promise<LedgerAccount> {
    const account = await deps.commercial.findAccount(cc);
    if (!account || account.space !== p.space) throw new AppError('PAYMENTRESULT', 5, { code: 5 });
    return account;
  }

  return {
    parseCc,
    existing,
    known,
    /** The account behind a code the caller may read, or the reason they may not. */
    async reach(p: Principal, raw: string): Promise<LedgerAccount> {
      const cc = await parseCc(p, raw);
      if (readsAnyCode(p)) return existing(p, cc);
      if (!p.isCustomer) throw new AppError('BADREQUESTERROR', 452);
      const mine = await ownCodes(p.userId);
      if (!mine.has(cc)) throw new AppError('BADREQUESTERROR', 498);
      return existing(p, cc);
    },
    /**
     * The code a caller may read, for a route that answers from one read of its own (a customer's
     * code page: one statement per call). Staff's reach depends on the account's space, so theirs is
     * read (`account`); a customer's reach is their link (a link exists only to an account of their
     * space, created after `known`), so theirs is not (`account: null`): the route calls `confirm`
     * with whether its read came back empty, and only then is the account read (415 as `reach`
     * answers for a code whose account is gone).
     */
    async reachCode(p: Principal, raw: string): Promise<ReachedCode> {
      const cc = await parseCc(p, raw);
      if (readsAnyCode(p)) return { cc, account: await existing(p, cc) };
      if (!p.isCustomer) throw new AppError('BADREQUESTERROR', 452);
      const mine = await ownCodes(p.userId);
      if (!mine.has(cc)) throw new AppError('BADREQUESTERROR', 498);
      return { cc, account: null };
    },
    /** After `reachCode`: an empty answer about a code whose account was not read proves nothing. */
    async confirm(p: Principal, reached: ReachedCode, empty: boolean): Promise<void> {
      if (!reached.account && empty) await existing(p, reached.cc);
    },
    /** Several codes at once (debts-ccs): every one must be reachable. */
    async reachMany(p: Principal, raws: string[]): Promise<string[]> {
      const matcher = await deps.codePattern(p.space);
      const ccs = [...new Set(raws.map((raw) => checkShape(matcher, raw)))];
      if (readsAnyCode(p)) {
        const found = await deps.commercial.findAccounts(ccs);
        if (found.length !== ccs.length || found.some((a) => a.space !== p.space))
          throw new AppError('NOTFOUND', 415);
        return ccs;
      }
      if (!p.isCustomer) throw new AppError('BADREQUESTERROR', 452);
      const mine = await ownCodes(p.userId);
      if (ccs.some((cc) => !mine.has(cc))) throw new AppError('BADREQUESTERROR', 498);
      return ccs;
    },
  };
}
