import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context';
import { registerEnzonaApi } from './enzona-api';
import { registerEnzonaCheckout } from './enzona-checkout';
import type { EnzonaState } from './enzona-payments';

export { decide } from './enzona-checkout';
export {
  createEnzonaState,
  ENZONA_STATUS,
  type EnzonaPayment,
  type EnzonaState,
  enzonaView,
} from './enzona-payments';

/** EnZona as the merchant sees it (token and payment API) and as the payer sees it (checkout page). */
export async function registerEnzona(app: FastifyInstance, ctx: Ctx, state: EnzonaState) {
  await registerEnzonaApi(app, ctx, state);
  registerEnzonaCheckout(app, ctx, state);
}
