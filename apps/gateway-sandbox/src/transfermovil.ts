import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context';
import { registerTransfermovilApi } from './transfermovil-api';
import { registerTransfermovilBankApp } from './transfermovil-bank-app';
import type { Notifier } from './transfermovil-notifier';
import type { TmState } from './transfermovil-orders';

export { payerDecides } from './transfermovil-bank-app';
export { createNotifier, type Notifier } from './transfermovil-notifier';
export {
  createTmState,
  type Delivery,
  findByExternalId,
  refresh,
  TM_STATUS,
  type TmOrder,
  type TmState,
  tmView,
} from './transfermovil-orders';

/**
 * Transfermóvil as the merchant sees it (the REST service) and as the payer sees it (the bank app); the
 * notifier is passed in because the control API's shortcuts dispatch through the same one.
 */
export async function registerTransfermovil(
  app: FastifyInstance,
  ctx: Ctx,
  state: TmState,
  notifier: Notifier,
) {
  await registerTransfermovilApi(app, ctx, state);
  registerTransfermovilBankApp(app, ctx, state, notifier);
}
