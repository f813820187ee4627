import { AppError } from '@ov/domain';
import type { Config } from '../../config';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/language';
import {
  type BillingDocuments,
  type CommercialSystem,
  createBillingDocuments,
  createLedgerCommercialSystem,
} from '../billing';
import { fixedCodePattern, settingsDefaults } from '../settings';
import { createGateways, type Gateways } from './gateways';
import { createCodeAccess } from './payments.access';
import { enzonaReturn, transfermovilNotify } from './payments.callbacks';
import { cancelOwnPayment } from './payments.cancel';
import type { PaymentsConfig, PaymentsContext } from './payments.context';
import { createPaymentCreation } from './payments.create';
import { createPaymentRecords } from './payments.records';
import { createRefunds } from './payments.refund';
import { paymentsRepo, toPaymentDto } from './payments.repository';
import { reconcileOnce, syncWithGateway } from './payments.sync';

export interface PaymentsDeps {
  db: Db;
  config: PaymentsConfig & Parameters<typeof createGateways>[0] & Pick<Config, 'jwtSecret'>;
  /** Defaults to the adapters configuration switches on. */
  gateways?: Gateways;
  /** Defaults to the built-in ledger. */
  commercial?: CommercialSystem;
  /** Receipts; defaults to documents over `commercial`. The app passes the one billing uses. */
  documents?: BillingDocuments;
  log?: PaymentsContext['log'];
  /** The settings store of the app (modules/settings); without it, the configuration's values. */
  settings?: PaymentsContext['settings'];
}

/** Settings fixed to the configuration (tests and scripts that build the service on their own). */
function fixedSettings(config: PaymentsDeps['config']): PaymentsContext['settings'] {
  const settings = settingsDefaults(config);
  return { get: async () => settings, codePattern: fixedCodePattern(config.CLIENT_CODE_PATTERN) };
}

/** Everything payments do, composed once per app (routes, reconciliation job, tests, benchmark). */
export function createPaymentsService(deps: PaymentsDeps) {
  const commercial = deps.commercial ?? createLedgerCommercialSystem(deps.db);
  const ctx: PaymentsContext = {
    db: deps.db,
    commercial,
    gateways: deps.gateways ?? createGateways(deps.config),
    config: deps.config,
    settings: deps.settings ?? fixedSettings(deps.config),
    log: deps.log,
  };
  const access = createCodeAccess({
    db: deps.db,
    commercial,
    codePattern: ctx.settings.codePattern ?? fixedCodePattern(deps.config.CLIENT_CODE_PATTERN),
  });
  const documents =
    deps.documents ??
    createBillingDocuments({
      db: deps.db,
      commercial,
      secret: deps.config.jwtSecret,
      publicUrl: deps.config.publicUrl,
    });
  const creation = createPaymentCreation(ctx, access);

  return {
    ctx,
    ...creation,
    refunds: createRefunds(ctx),
    records: createPaymentRecords(deps.db),
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
      let row = access.canSee(p, await paymentsRepo.byId(ctx.db, id));
      if (opts.refresh && row.status === 'PENDING' && Date.now() - row.updatedAt.getTime() > 3000) {
        row = await syncWithGateway(ctx, row, { source: 'POLL' }).catch(() => row);
      }
      return toPaymentDto(row, lang);
    },

    /** The payer withdraws their own pending payment (EnZona); see `cancelOwnPayment`. */
    async cancel(p: Principal, id: string, lang: Lang) {
      return toPaymentDto(await cancelOwnPayment(ctx, p, id), lang);
    },

    /** The receipt PDF of a PAYED payment (855 for any other status, 461 when the ledger has none). */
    async receipt(p: Principal, id: string, lang: Lang) {
      const row = access.canSee(p, await paymentsRepo.byId(ctx.db, id));
      if (row.status !== 'PAYED') throw new AppError('BADREQUESTERROR', 855, { status: row.status });
      return documents.paymentReceipt(row.id, lang);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
