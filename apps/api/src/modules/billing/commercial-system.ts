import type {
  AccountSummary,
  AgreementItem,
  CcDebt,
  ClientType,
  InvoiceDisplayStatus,
  InvoiceDto,
  LastKnown,
  PaymentMethod,
  PaymentResultCode,
} from '@ov/domain';
import type { Executor } from '../../db/client';
import type { Binder } from '../../lib/batch';

/** A piece of SQL a `Binder` runs (the `inStatement` CTEs below). */
type SqlFragment = Parameters<Binder['run']>[2];

/**
 * The commercial system (design §2): the utility's accounts, invoices and balances. The built-in
 * implementation is `createLedgerCommercialSystem(db)` on our own tables; a utility can plug its own
 * system in with an HTTP adapter implementing this same interface. Reads take a client code; the
 * money-moving calls take the caller's transaction (`tx`) so a payment record and its effect on the
 * ledger commit together (an HTTP adapter would ignore `tx` and rely on `paymentId` idempotency).
 *
 * All amounts are integer cents.
 */
export interface CommercialSystem {
  /** `ledger`: the built-in one on our own tables; `http`: the utility's system (design §7). */
  readonly kind: 'ledger' | 'http';
  /** The account behind a code, or null when the code does not exist. */
  findAccount(cc: string): Promise<LedgerAccount | null>;
  /** Several accounts at once (unknown codes are left out). */
  findAccounts(ccs: string[]): Promise<LedgerAccount[]>;
  /** Open (not fully paid) invoices of one code, oldest first, with what is still due on each. */
  getDebt(cc: string): Promise<Debt>;
  /** Debt summaries of several codes in one round trip (the debts-ccs call). */
  getDebts(ccs: string[]): Promise<CcDebt[]>;
  /** A page of a code's invoices, newest first. */
  getInvoices(cc: string, query: InvoiceQuery): Promise<{ rows: InvoiceDto[]; total: number }>;
  /** One invoice of a code (null when it does not exist or belongs to another code). */
  getInvoice(cc: string, invoiceId: string): Promise<InvoiceDto | null>;
  /** Numbers of the code's latest invoices (newest first), used as ownership proof. */
  latestInvoiceNumbers(cc: string, count: number): Promise<string[]>;
  getAdvanceBalance(cc: string): Promise<number>;
  /** Advance balances of several codes (codes without a balance map to 0). */
  getAdvanceBalances(ccs: string[]): Promise<Map<string, number>>;
  /** Amounts billed in the last `periods` invoices, oldest first (the consumption chart). */
  getConsumption(cc: string, periods: number): Promise<ConsumptionPoint[]>;

  /**
   * Claims the invoices for a payment that is about to start ("Procesando"). Locks the rows; refuses
   * (LedgerRejection) when one is missing or of another code (7), paid (3), agreed (12) or already
   * claimed by another payment (4). Claiming again with the same paymentId is allowed.
   * Returns the claimed invoices with the amount due on each.
   */
  markInvoicesInFlight(
    tx: Executor,
    claim: { cc: string; invoiceIds: string[]; paymentId: string },
  ): Promise<OpenInvoice[]>;
  /** Frees whatever the payment claimed (failed, cancelled or expired payment). Returns how many. */
  releaseInvoices(tx: Executor, paymentId: string): Promise<number>;
  /**
   * Pays the invoices with exactly their current amount due (13 otherwise), once per paymentId: a
   * second call with the same paymentId changes nothing and answers `applied: false`.
   */
  applyPayment(tx: Executor, payment: ApplyPayment): Promise<{ applied: boolean; ledgerPaymentId: string }>;
  /** Credits an advance (ADELANTO) plus its bonus to the code's balance, once per paymentId. */
  creditAdvance(
    tx: Executor,
    advance: CreditAdvance,
  ): Promise<{ applied: boolean; creditedCents: number; balanceCents: number }>;
  /**
   * Undoes what `applyPayment` or `creditAdvance` did for `paymentId` (a refund): the invoices owe
   * again what it paid, or the advance balance loses what it credited (bonus included). Once per
   * paymentId: a second call answers `reversed: false`; so does a payment the ledger never applied.
   */
  reversePayment(
    tx: Executor,
    reversal: { paymentId: string },
  ): Promise<{ reversed: boolean; reversedCents: number }>;
  /**
   * Optional, for a ledger that lives in the portal's own database: `creditAdvance` and
   * `releaseInvoices` as CTE definitions (`name as (…), …`) that change the ledger only if
   * `condition` holds, to run inside the caller's single statement (payments settle in one round
   * trip with them). A ledger behind HTTP leaves them out and the caller uses the methods above.
   */
  /**
   * A contract signed in the portal becomes an account (design §7 `POST /v1/accounts`, idempotent by
   * request id). The built-in ledger opens it with the code the portal proposed (`cc`); a system over
   * HTTP assigns its own and answers it (and ignores `tx`).
   */
  openAccount(tx: Executor, account: NewCommercialAccount): Promise<{ cc: string }>;
  /**
   * A payment agreement approved in the portal (issue 30). The built-in ledger marks the invoices
   * AGREED (Conveniada: online payments of them answer result code 12), adds the schedule's items as
   * invoices of the code (payable like any other; once all are paid the covered invoices are PAID),
   * and refuses (LedgerRejection) when an invoice is missing (7), paid (3), agreed (12) or being paid
   * (4). A system over HTTP leaves it out: the portal records the approval, and the invoices show as
   * agreed when the system's change feed says so (design §7 is unchanged).
   */
  applyAgreement?(tx: Executor, agreement: NewAgreement): Promise<{ agreementId: string }>;
  /**
   * Forgets what is kept about these codes (the change feed named them): every process reads them
   * live again. The built-in ledger keeps nothing of its own and leaves it out.
   */
  forget?(ccs: string[]): Promise<void>;
  inStatement?: {
    creditAdvance(advance: CreditAdvance, condition: SqlFragment, binder: Binder): SqlFragment;
    releaseInvoices(paymentId: string, condition: SqlFragment, binder: Binder): SqlFragment;
  };
}

export interface NewAgreement {
  cc: string;
  /** The request ID without its dash (the items' numbers carry it). */
  requestId: string;
  invoiceIds: string[];
  /** The schedule: n = 0 the down payment, then the monthly instalments (domain agreementSchedule). */
  items: AgreementItem[];
}

export interface NewCommercialAccount {
  /** The contract request's id as shown (`formatRequestId`): the idempotency key. */
  requestId: string;
  /** The code the portal proposes (the built-in ledger uses it). */
  cc: string;
  space: string;
  sector: ClientType;
  holderName: string;
  nationalId: string | null;
  street: string;
  number: string | null;
  betweenStreets: string | null;
  municipality: number;
  popularCouncil: string | null;
  commercialOffice: string;
  policy: string | null;
  contractNumber: string | null;
  nucleusPeople: number;
  metered: boolean;
}

/**
 * `asOf`/`stale` (here, on Debt, CcDebt and InvoiceDto): a commercial system over HTTP that cannot be
 * reached answers the last known figures, marked with when they were read (design §7).
 */
export interface LedgerAccount extends AccountSummary, LastKnown {
  space: string;
  clientType: ClientType;
}

export interface OpenInvoice {
  id: string;
  number: string;
  issuedOn: string;
  invoicedCents: number;
  paidCents: number;
  bonusCents: number;
  dueCents: number;
  displayStatus: InvoiceDisplayStatus;
  inFlightPaymentId: string | null;
}

export interface Debt extends LastKnown {
  cc: string;
  /** Sum of what is due on open invoices, including agreed (Conveniada) ones. */
  totalDebtCents: number;
  invoices: OpenInvoice[];
}

export interface InvoiceQuery {
  page: number;
  size: number;
  from?: string;
  to?: string;
  status?: InvoiceDisplayStatus[];
}

export interface ConsumptionPoint {
  period: string;
  periodFrom: string;
  periodTo: string;
  invoicedCents: number;
  consumptionM3: number | null;
}

export interface ApplyPayment {
  cc: string;
  invoiceIds: string[];
  amountCents: number;
  paymentId: string;
  method: PaymentMethod | string;
  /** What a commercial system over HTTP is told with the posting (design §7 `POST /v1/payments`). */
  gatewayReference?: string | null;
  paidAt?: Date | null;
  space?: string;
}

export interface CreditAdvance {
  cc: string;
  amountCents: number;
  /** Whole percent earned on top of the amount (e.g. 5 → +5%), rounded down to the cent. */
  bonusPercent: number;
  paymentId: string;
  method?: PaymentMethod | string;
  gatewayReference?: string | null;
  paidAt?: Date | null;
  space?: string;
}

/** A refusal of the ledger, carrying the spec's payment result code (§8). */
export class LedgerRejection extends Error {
  constructor(
    public readonly code: PaymentResultCode,
    public readonly invoiceIds: string[] = [],
  ) {
    super(`ledger refused with payment result code ${code}`);
    this.name = 'LedgerRejection';
  }
}
