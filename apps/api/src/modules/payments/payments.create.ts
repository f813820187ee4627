import { randomUUID } from 'node:crypto';
import {
  type AdvanceQuote,
  AppError,
  advanceBonusCents,
  formatMoney,
  mustTransition,
  type PayAdvanceBody,
  type PayInvoicesBody,
  type PaymentCreated,
  paymentResult,
  type Settings,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import { LedgerRejection, type OpenInvoice } from '../billing';
import type { PaymentGateway } from './gateways';
import type { CodeAccess } from './payments.access';
import { type PaymentsContext, paymentError } from './payments.context';
import { tracePayment } from './payments.notify';
import type { PaymentRow } from './payments.repository';

/** Reads of the ledger: any failure is result code 10 (error querying the debt). */
export async function ledgerRead<T>(ctx: PaymentsContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // The commercial system not answering (SERVICEUNAVAILABLEERROR 504) is code 10 here too.
    if (err instanceof AppError && !(err.name === 'SERVICEUNAVAILABLEERROR' && err.reference === 504))
      throw err;
    ctx.log?.error({ err }, 'ledger query failed');
    throw paymentError(10);
  }
}

/**
 * The gateway of a new payment and the settings it is made under: a gateway without credentials, or
 * switched off by an administrator (or payments as a whole), is 481. Payments already under way keep
 * settling through their gateway whatever the switch says.
 */
export async function gatewayFor(ctx: PaymentsContext, space: string, method: string) {
  const settings = await ctx.settings.get(space);
  const on =
    settings.paymentsEnabled &&
    ((method === 'ENZONA' && settings.enzonaEnabled) ||
      (method === 'TRANSFERMOVIL' && settings.transfermovilEnabled));
  const gw: PaymentGateway | undefined = on ? ctx.gateways.get(method as never) : undefined;
  if (!gw) throw new AppError('BADREQUESTERROR', 481, { method });
  return { gw, settings };
}

/** Which open invoices a request pays, checked against the spec's result codes before anything is created. */
async function chooseInvoices(ctx: PaymentsContext, body: PayInvoicesBody): Promise<OpenInvoice[]> {
  const { commercial } = ctx;
  const debt = await ledgerRead(ctx, () => commercial.getDebt(body.cc));
  // Last known figures (the commercial system does not answer): no money for a debt not confirmed now.
  if (debt.stale) throw paymentError(10);
  let chosen: OpenInvoice[];
  if (!body.invoiceIds) {
    if (!debt.invoices.length) {
      const any = await ledgerRead(ctx, () => commercial.getInvoices(body.cc, { page: 1, size: 1 }));
      throw paymentError(any.total ? 3 : 7);
    }
    chosen = debt.invoices;
  } else {
    const open = new Map(debt.invoices.map((i) => [i.id, i]));
    chosen = [];
    for (const id of new Set(body.invoiceIds)) {
      const inv = open.get(id);
      if (inv) chosen.push(inv);
      else {
        const known = await ledgerRead(ctx, () => commercial.getInvoice(body.cc, id));
        // Not in the debt: paid (3), or agreed and paid through its agreement's items (12).
        throw paymentError(known ? (known.status === 'AGREED' ? 12 : 3) : 7, { invoiceIds: [id] });
      }
    }
  }
  const agreed = chosen.filter((i) => i.displayStatus === 'Conveniada');
  if (agreed.length) throw paymentError(12, { invoiceIds: agreed.map((i) => i.id) });
  const busy = chosen.filter((i) => i.inFlightPaymentId);
  if (busy.length) throw paymentError(4, { reason: 'IN_FLIGHT', invoiceIds: busy.map((i) => i.id) });
  const due = chosen.reduce((s, i) => s + i.dueCents, 0);
  if (body.amountCents !== due) {
    // A partly paid invoice ("Pago Parcial") can only be paid for what is left: asking to pay its
    // whole invoiced amount is 9; any other difference is 13.
    const partial = chosen.filter((i) => i.displayStatus === 'Pago Parcial');
    const whole = chosen.reduce(
      (s, i) => s + (i.displayStatus === 'Pago Parcial' ? i.invoicedCents : i.dueCents),
      0,
    );
    if (partial.length && body.amountCents === whole)
      throw paymentError(9, { invoiceIds: partial.map((i) => i.id), dueCents: due });
    throw paymentError(13, { dueCents: due });
  }
  return chosen;
}

function newIds() {
  const id = randomUUID();
  return { id, externalId: `ov${id.replace(/-/g, '')}` };
}

const expiry = (settings: Settings) => new Date(Date.now() + settings.pendingTimeoutMinutes * 60_000);

/** Registers the order at the gateway (outside any transaction); a failure ends the payment FAILED with 4. */
async function openAtGateway(
  ctx: PaymentsContext,
  gw: PaymentGateway,
  p: PaymentRow,
  extra: { description: string; phone?: string | null },
): Promise<PaymentCreated> {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  try {
    const created = await gw.create({
      externalId: p.externalId,
      amountCents: p.amountCents,
      description: extra.description,
      invoiceNumber: p.externalId,
      returnUrl: `${base}/api/payments/enzona/return`,
      cancelUrl: `${base}/api/payments/enzona/cancel`,
      notifyUrl: `${base}/api/payments/transfermovil/notify`,
      phone: extra.phone?.replace(/^\+/, '') ?? undefined,
      validMinutes: Math.max(1, Math.round((p.expiresAt.getTime() - Date.now()) / 60_000)),
    });
    const saved = await ctx.repo.guardedUpdate(p.id, 'PENDING', {
      gatewayRef: created.gatewayRef,
      redirectUrl: created.redirectUrl ?? null,
      qr: created.qr ?? null,
      deepLink: created.deepLink ?? null,
      transactionCode: created.transactionCode ?? null,
    });
    const row = saved ?? (await ctx.repo.byId(p.id))!;
    return {
      paymentId: row.id,
      status: row.status as PaymentCreated['status'],
      type: row.type as PaymentCreated['type'],
      method: row.method as PaymentCreated['method'],
      amountCents: row.amountCents,
      bonusCents: row.bonusCents,
      ...(row.type === 'ADELANTO' ? { bonusPercent: row.bonusPercent } : {}),
      ...(created.redirectUrl ? { redirectUrl: created.redirectUrl } : {}),
      ...(created.qr ? { qr: created.qr } : {}),
      ...(created.deepLink ? { deepLink: created.deepLink } : {}),
      ...(created.transactionCode ? { transactionCode: created.transactionCode } : {}),
      expiresAt: row.expiresAt.toISOString(),
    };
  } catch (err) {
    ctx.log?.warn({ err, paymentId: p.id }, 'gateway did not register the payment');
    await ctx.repo.transaction(async (tx) => {
      const failed = await ctx.repo.guardedUpdate(
        p.id,
        'PENDING',
        {
          status: mustTransition('PENDING', 'FAIL'),
          resultCode: 4,
          settledAt: new Date(),
        },
        tx,
      );
      if (!failed) return;
      await ctx.commercial.releaseInvoices(tx, p.id);
      await tracePayment(tx, p, failed, null);
      await ctx.repo.logEvent(
        {
          paymentId: p.id,
          method: p.method,
          source: 'CREATE',
          outcome: 'FAILED',
          resultCode: 4,
          payload: { error: err instanceof Error ? err.message : String(err) },
        },
        tx,
      );
    });
    throw paymentError(4, { reason: 'GATEWAY', paymentId: p.id });
  }
}

/** Who pays: a signed-in customer, or a guest (no account) with an optional address for the receipt. */
export interface Payer {
  space: string;
  userId: string | null;
  guestEmail?: string | null;
  guestLanguage?: string | null;
}

/**
 * Starts paying invoices of one code (type CC) once the caller was allowed to: the invoices checked
 * against the spec's result codes, claimed in flight in the ledger with the payment row in one
 * transaction, then the order registered at the gateway. The same path for customers and guests.
 */
export async function startInvoicePayment(
  ctx: PaymentsContext,
  payer: Payer,
  cc: string,
  body: Omit<PayInvoicesBody, 'cc'>,
  gateway: { gw: PaymentGateway; settings: Settings },
): Promise<PaymentCreated> {
  const { gw, settings } = gateway;
  const chosen = await chooseInvoices(ctx, { ...body, cc });
  const { id, externalId } = newIds();
  let row: PaymentRow;
  try {
    row = await ctx.repo.transaction(async (tx) => {
      const claimed = await ctx.commercial.markInvoicesInFlight(tx, {
        cc,
        invoiceIds: chosen.map((i) => i.id),
        paymentId: id,
      });
      if (claimed.reduce((s, i) => s + i.dueCents, 0) !== body.amountCents) throw new LedgerRejection(13);
      const created = await ctx.repo.insert(
        {
          id,
          externalId,
          space: payer.space,
          userId: payer.userId,
          guestEmail: payer.guestEmail ?? null,
          guestLanguage: payer.guestLanguage ?? null,
          cc,
          type: 'CC',
          method: body.method,
          amountCents: body.amountCents,
          invoiceIds: claimed.map((i) => i.id),
          expiresAt: expiry(settings),
        },
        tx,
      );
      await tracePayment(tx, null, created, payer.userId);
      return created;
    });
  } catch (err) {
    if (err instanceof LedgerRejection)
      throw paymentError(err.code, {
        invoiceIds: err.invoiceIds,
        ...(err.code === 4 ? { reason: 'IN_FLIGHT' } : {}),
      });
    throw err;
  }
  const numbers = chosen.map((i) => i.number).join(', ');
  return openAtGateway(ctx, gw, row, {
    description: `Aguas de La Habana · ${cc} · Factura ${numbers}`.slice(0, 250),
    phone: body.phone,
  });
}

export function createPaymentCreation(ctx: PaymentsContext, access: CodeAccess) {
  return {
    /** Pay invoices of one code (type CC). */
    async payInvoices(principal: Principal, body: PayInvoicesBody): Promise<PaymentCreated> {
      const gateway = await gatewayFor(ctx, principal.space, body.method);
      const account = await access.ownAccount(principal, body.cc, (fn) => ledgerRead(ctx, fn));
      return startInvoicePayment(
        ctx,
        { space: principal.space, userId: principal.userId },
        account.cc,
        body,
        gateway,
      );
    },

    /** What an advance deposit would be for this code: 1 allowed (no debt) or 8 (debts first). */
    async advanceQuote(principal: Principal, rawCc: string, lang: 'es' | 'en' = 'es'): Promise<AdvanceQuote> {
      const account = await access.ownAccount(principal, rawCc, (fn) => ledgerRead(ctx, fn));
      const [debt, balance] = await ledgerRead(ctx, () =>
        Promise.all([ctx.commercial.getDebt(account.cc), ctx.commercial.getAdvanceBalance(account.cc)]),
      );
      const code = debt.totalDebtCents > 0 ? 8 : 1;
      const settings = await ctx.settings.get(principal.space);
      return {
        allowed: code === 1,
        code,
        message: paymentResult(code)![lang],
        minimumCents: settings.advanceMinCents,
        bonusPercent: settings.advanceBonusPercent,
        balanceCents: balance,
        debtCents: debt.totalDebtCents,
      };
    },

    /** Deposit an advance (type ADELANTO): only without debt (8), at least the minimum (480). */
    async payAdvance(principal: Principal, body: PayAdvanceBody): Promise<PaymentCreated> {
      const { gw, settings } = await gatewayFor(ctx, principal.space, body.method);
      const account = await access.ownAccount(principal, body.cc, (fn) => ledgerRead(ctx, fn));
      const min = settings.advanceMinCents;
      if (body.amountCents < min)
        throw new AppError('BADREQUESTERROR', 480, { minimumCents: min, minimum: formatMoney(min) });
      const debt = await ledgerRead(ctx, () => ctx.commercial.getDebt(account.cc));
      if (debt.stale) throw paymentError(10);
      if (debt.totalDebtCents > 0) throw paymentError(8, { debtCents: debt.totalDebtCents });
      const pct = settings.advanceBonusPercent;
      const { id, externalId } = newIds();
      const row = await ctx.repo.transaction(async (tx) => {
        const created = await ctx.repo.insert(
          {
            id,
            externalId,
            space: principal.space,
            userId: principal.userId,
            cc: account.cc,
            type: 'ADELANTO',
            method: body.method,
            amountCents: body.amountCents,
            bonusPercent: pct,
            bonusCents: advanceBonusCents(body.amountCents, pct),
            expiresAt: expiry(settings),
          },
          tx,
        );
        await tracePayment(tx, null, created, principal.userId);
        return created;
      });
      return openAtGateway(ctx, gw, row, {
        description: `Aguas de La Habana · ${account.cc} · Pago adelantado`,
        phone: body.phone,
      });
    },
  };
}
