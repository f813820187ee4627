import { AppError, hasPermission, normalizeClientCode, PERMISSIONS } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { BillingRepository, CommercialSystem, LedgerAccount } from '../billing';
import type { CodePattern } from '../settings';
import type { PaymentRow } from './payments.repository';

/** Staff who see every payment of their space (records, export, receipts). */
export function readsAllPayments(p: Principal) {
  return hasPermission(p.permissions, [PERMISSIONS.TRANSFERMOVIL_READ, PERMISSIONS.INVOICE_READ]);
}

/** Who may pay for which code, and who may look at which payment. */
export function createCodeAccess(deps: {
  repo: BillingRepository;
  commercial: CommercialSystem;
  codePattern: CodePattern;
}) {
  const { repo } = deps;
  return {
    /**
     * The account of a code the customer may pay: 357 malformed, 5 unknown or inactive code (or of
     * another space), 498 a code not associated with the caller.
     */
    async ownAccount(
      p: Principal,
      raw: string,
      read: <T>(fn: () => Promise<T>) => Promise<T>,
    ): Promise<LedgerAccount> {
      const cc = normalizeClientCode(raw);
      if (!(await deps.codePattern(p.space)).test(cc))
        throw new AppError('BADREQUESTERROR', 357, { field: 'cc' });
      const account = await read(() => deps.commercial.findAccount(cc));
      if (!account || account.space !== p.space || !account.active)
        throw new AppError('PAYMENTRESULT', 5, { code: 5 });
      const mine = await read(() => repo.linkedAmong(p.userId, [cc]));
      if (!mine.has(cc)) throw new AppError('BADREQUESTERROR', 498);
      return account;
    },

    /**
     * The owner, staff of the space with TRANSFERMOVIL:READ / INVOICE:READ, or, for a guest's payment
     * (no account), the holder of its code; 415 for anyone else.
     */
    async canSee(p: Principal, row: PaymentRow | undefined): Promise<PaymentRow> {
      if (!row || row.space !== p.space) throw new AppError('NOTFOUND', 415);
      if (row.userId === p.userId || readsAllPayments(p)) return row;
      if (row.userId === null && p.isCustomer && (await repo.linkedAmong(p.userId, [row.cc])).has(row.cc))
        return row;
      throw new AppError('NOTFOUND', 415);
    },
  };
}
export type CodeAccess = ReturnType<typeof createCodeAccess>;
