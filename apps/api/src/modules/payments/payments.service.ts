import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/language';
import type { BillingDocuments, BillingRepository, CommercialSystem } from '../billing';
import type { Gateways } from './gateways';
import { createCodeAccess } from './payments.access';
import { enzonaReturn, transfermovilNotify } from './payments.callbacks';
import { cancelOwnPayment } from './payments.cancel';
import type { PaymentsConfig, PaymentsContext } from './payments.context';
import { createPaymentCreation } from './payments.create';
import { createGuestPayments } from './payments.guest';
import { createGuestTokens } from './payments.guest-token';
import { createPaymentRecords } from './payments.records';
import { createRefunds } from './payments.refund';
import { type PaymentsRepository, toPaymentDto } from './payments.repository';
import { reconcileOnce, syncWithGateway } from './payments.sync';

/** What the payments service is built from: everything is built once, in the container. */
export interface PaymentsDeps {
  db: Db;
  /** All the SQL of payments. */
  repo: PaymentsRepository;
  config: PaymentsConfig;
  /** The adapters configuration switches on (container: `createGateways`). */
  gateways: Gateways;
  /** The utility's commercial system (the container's one). */
  commercial: CommercialSystem;
  /** Receipts (the same documents billing uses). */
  documents: BillingDocuments;
  /** Who is linked to which code (billing's repository). */
  billingRepo: BillingRepository;
  /** The settings store of the app (modules/settings). */
  settings: PaymentsContext['settings'];
  log?: PaymentsContext['log'];
}

/** Everything payments do, composed once in the container (routes, reconciliation job, tests). */
export function createPaymentsService(deps: PaymentsDeps) {
  const { commercial, documents } = deps;
  const ctx: PaymentsContext = {
    db: deps.db,
    repo: deps.repo,
    commercial,
    gateways: deps.gateways,
    config: deps.config,
    settings: deps.settings,
    log: deps.log,
    guestTokens: createGuestTokens(deps.config.jwtSecret),
  };
  const access = createCodeAccess({
    repo: deps.billingRepo,
    commercial,
    codePattern: ctx.settings.codePattern,
  });
  const creation = createPaymentCreation(ctx, access);
  const guests = createGuestPayments(ctx, documents);

  return {
    ctx,
    ...creation,
    /** Pay without an account (issue 30): a code, a proof from the paper invoice, a capability to follow it. */
    guests,
    refunds: createRefunds(ctx),
    records: createPaymentRecords(deps.repo),
    enzonaReturn: (query: Record<string, unknown>, kind: 'return' | 'cancel') =>
      enzonaReturn(ctx, query, kind),
    transfermovilNotify: (headers: Record<string, string | string[] | undefined>, body: unknown) =>
      transfermovilNotify(ctx, headers, body),
    reconcileOnce: (opts?: Parameters<typeof reconcileOnce>[1]) => reconcileOnce(ctx, opts),

    /**
     * One payment for its owner or staff. A PENDING one is checked at the gateway on the way (at most
     * every few seconds per payment is enough for the page's polling), so a lost callback does not
     * leave the customer waiting for the reconciliation job.
     */
    async get(p: Principal, id: string, lang: Lang, opts: { refresh?: boolean } = {}) {
      let row = await access.canSee(p, await ctx.repo.byId(id));
      if (opts.refresh && row.status === 'PENDING' && Date.now() - row.updatedAt.getTime() > 3000) {
        row = await syncWithGateway(ctx, row, { source: 'POLL' }).catch(() => row);
      }
      return toPaymentDto(row, lang, await ctx.repo.postingOf(row.id));
    },

    /** The payer withdraws their own pending payment (EnZona); see `cancelOwnPayment`. */
    async cancel(p: Principal, id: string, lang: Lang) {
      return toPaymentDto(await cancelOwnPayment(ctx, p, id), lang);
    },

    /** The receipt PDF of a PAYED payment (855 for any other status, 461 when the ledger has none). */
    async receipt(p: Principal, id: string, lang: Lang) {
      const row = await access.canSee(p, await ctx.repo.byId(id));
      if (row.status !== 'PAYED') throw new AppError('BADREQUESTERROR', 855, { status: row.status });
      return documents.paymentReceipt(row.id, lang);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
