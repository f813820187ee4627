import {
  AppError,
  type GuestDebt,
  type GuestLookupBody,
  type GuestPayBody,
  type GuestPayment,
  type GuestPaymentCreated,
  holderInitials,
  normalizeClientCode,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentResult,
} from '@ov/domain';
import { DEFAULT_SPACE } from '../../db/seed';
import type { Lang } from '../../lib/language';
import { CODE_CHECK_RATE, consume, refund, UNKNOWN_CODE_RATE } from '../../lib/throttle';
import { type BillingDocuments, type LedgerAccount, provesOwnership } from '../billing';
import { type PaymentsContext, paymentError } from './payments.context';
import { gatewayFor, ledgerRead, startInvoicePayment } from './payments.create';
import type { PaymentRow } from './payments.repository';
import { syncWithGateway } from './payments.sync';

/** The one answer to an unknown code and to a wrong proof alike: neither can be told from the other. */
const NOT_FOUND = () => new AppError('BADREQUESTERROR', 620);

/**
 * Pay without an account (issue 30): a client code and a number printed on its paper invoice (the
 * last invoice's or the contract's, as "Agregar código" accepts) open the code's open invoices, their
 * total and the holder's initials, and let anyone pay them through the same path as a customer's
 * payment (`startInvoicePayment`: ledger claim, gateway, callbacks, settlement, outbox). The payment
 * has no user; it is followed with a capability (`guestTokens`), never a session.
 *
 * Throttled with validate-ccs's budget, per network address and per code, so codes cannot be probed:
 * 30 checks and 10 failures per address in 15 minutes, 10 failures per code. A failure (unknown
 * code, wrong proof, inactive account) is one answer, 620. Only this page is limited: the holder
 * signing in to their account is never affected.
 */
export function createGuestPayments(ctx: PaymentsContext, documents: BillingDocuments) {
  const space = DEFAULT_SPACE;

  async function proven(raw: string, proof: string, ip: string): Promise<LedgerAccount> {
    const cc = normalizeClientCode(raw);
    if (!(await ctx.settings.codePattern(space)).test(cc))
      throw new AppError('BADREQUESTERROR', 357, { field: 'cc' });
    const failures = [`guest-unknown-ip:${ip}`, `guest-unknown-cc:${cc}`];
    await consume(ctx.db, `guest-check-ip:${ip}`, CODE_CHECK_RATE);
    // Every attempt takes a failure slot up front (parallel guesses cannot pass together); a proven
    // one gives them back.
    for (const key of failures) await consume(ctx.db, key, UNKNOWN_CODE_RATE);
    const account = await ledgerRead(ctx, () => ctx.commercial.findAccount(cc));
    const usable = account && account.space === space && account.active ? account : null;
    const ok = await ledgerRead(ctx, () =>
      // The invoice numbers are read for an unknown code too: the two answers take the same work.
      usable
        ? provesOwnership(ctx.commercial, usable, proof)
        : ctx.commercial.latestInvoiceNumbers(cc, 3).then(
            () => false,
            () => false,
          ),
    );
    if (!usable || !ok) throw NOT_FOUND();
    for (const key of failures) await refund(ctx.db, key, UNKNOWN_CODE_RATE);
    return usable;
  }

  /** The gateways a new payment can go through now (switched on and configured). */
  async function methodsOn(): Promise<PaymentMethod[]> {
    const s = await ctx.settings.get(space);
    if (!s.paymentsEnabled) return [];
    return PAYMENT_METHODS.filter(
      (m) =>
        ctx.gateways.get(m) &&
        (m === 'ENZONA' ? s.enzonaEnabled : m === 'TRANSFERMOVIL' && s.transfermovilEnabled),
    );
  }

  async function openDebt(cc: string) {
    const debt = await ledgerRead(ctx, () => ctx.commercial.getDebt(cc));
    // Last known figures (the commercial system does not answer): nothing to pay against.
    if (debt.stale) throw paymentError(10);
    return debt;
  }

  /** The guest's payment behind an id and its capability; 415 for anything else (same as unknown). */
  async function opened(id: string, token: string): Promise<PaymentRow> {
    if (!ctx.guestTokens.verify(id, token)) throw new AppError('NOTFOUND', 415);
    const row = await ctx.repo.byId(id);
    if (!row || row.userId !== null) throw new AppError('NOTFOUND', 415);
    return row;
  }

  function toGuestPayment(r: PaymentRow, lang: Lang): GuestPayment {
    const result = r.resultCode === null ? undefined : paymentResult(r.resultCode);
    return {
      paymentId: r.id,
      cc: r.cc,
      status: r.status as GuestPayment['status'],
      method: r.method as PaymentMethod,
      amountCents: r.amountCents,
      invoiceCount: r.invoiceIds.length,
      resultCode: r.resultCode,
      message: result ? result[lang === 'en' ? 'en' : 'es'] : null,
      redirectUrl: r.redirectUrl,
      qr: r.qr,
      deepLink: r.deepLink,
      transactionCode: r.transactionCode,
      expiresAt: r.expiresAt.toISOString(),
      settledAt: r.settledAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      emailed: Boolean(r.guestEmail),
    };
  }

  return {
    /** The open invoices of a code its proof opens, their total and the holder's initials. */
    async lookup(body: GuestLookupBody, ip: string): Promise<GuestDebt> {
      const account = await proven(body.cc, body.proof, ip);
      const [debt, methods] = await Promise.all([openDebt(account.cc), methodsOn()]);
      const invoices = debt.invoices.map((i) => ({
        id: i.id,
        number: i.number,
        issuedOn: i.issuedOn,
        dueCents: i.dueCents,
        displayStatus: i.displayStatus,
        payable: i.displayStatus !== 'Conveniada' && !i.inFlightPaymentId,
      }));
      return {
        cc: account.cc,
        holder: holderInitials(account.holder),
        invoices,
        totalCents: debt.totalDebtCents,
        payableCents: invoices.filter((i) => i.payable).reduce((s, i) => s + i.dueCents, 0),
        methods,
      };
    },

    /**
     * Pays invoices of a code its proof opens (omitted = every payable open invoice). Answers the
     * payment as a customer's plus `receiptToken`, the capability that follows it.
     */
    async pay(body: GuestPayBody, ip: string): Promise<GuestPaymentCreated> {
      const gateway = await gatewayFor(ctx, space, body.method);
      const account = await proven(body.cc, body.proof, ip);
      let invoiceIds = body.invoiceIds;
      if (!invoiceIds) {
        const payable = (await openDebt(account.cc)).invoices.filter(
          (i) => i.displayStatus !== 'Conveniada' && !i.inFlightPaymentId,
        );
        if (payable.length) invoiceIds = payable.map((i) => i.id);
      }
      const created = await startInvoicePayment(
        ctx,
        { space, userId: null, guestEmail: body.email ?? null, guestLanguage: body.language ?? 'es' },
        account.cc,
        { method: body.method, invoiceIds, amountCents: body.amountCents, phone: body.phone },
        gateway,
      );
      return { ...created, receiptToken: ctx.guestTokens.sign(created.paymentId) };
    },

    /** A guest's payment by its capability; a pending one is re-checked at the gateway (the page polls). */
    async get(id: string, token: string, lang: Lang): Promise<GuestPayment> {
      let row = await opened(id, token);
      if (row.status === 'PENDING' && Date.now() - row.updatedAt.getTime() > 3000) {
        row = await syncWithGateway(ctx, row, { source: 'POLL' }).catch(() => row);
      }
      return toGuestPayment(row, lang);
    },

    /** The receipt of a guest's PAYED payment: the holder's initials and the code, nothing else. */
    async receipt(id: string, token: string, lang: Lang): Promise<Buffer> {
      const row = await opened(id, token);
      if (row.status !== 'PAYED') throw new AppError('BADREQUESTERROR', 855, { status: row.status });
      return documents.paymentReceipt(row.id, lang, { guest: true });
    },
  };
}
export type GuestPayments = ReturnType<typeof createGuestPayments>;
