import type { PaymentMethod } from '@ov/domain';
import type { Config } from '../../../config';
import { createEnzonaGateway } from './enzona.gateway';
import type { PaymentGateway } from './payment-gateway';
import { createTransfermovilGateway } from './transfermovil.gateway';

export interface Gateways {
  /** The adapters switched on by configuration, by payment method. */
  enabled: PaymentMethod[];
  /** The adapter for `method`, or undefined when payments or that gateway are switched off. */
  get(method: PaymentMethod): PaymentGateway | undefined;
}

type GatewayConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PAYMENTS_ENABLED'
  | 'ENZONA_ENABLED'
  | 'ENZONA_BASE_URL'
  | 'ENZONA_CLIENT_ID'
  | 'ENZONA_CLIENT_SECRET'
  | 'TRANSFERMOVIL_ENABLED'
  | 'TRANSFERMOVIL_BASE_URL'
  | 'TM_USERNAME'
  | 'TM_SEED'
  | 'TM_SOURCE'
>;

/** The development credentials shared with apps/gateway-sandbox: never acceptable in production. */
const DEV_SECRETS = new Set(['ov-dev-enzona-secret', 'ov-dev-tm-seed']);

/** Builds the adapters configuration switches on (once, in the container). */
export function createGateways(config: GatewayConfig): Gateways {
  const adapters = new Map<PaymentMethod, PaymentGateway>();
  if (config.PAYMENTS_ENABLED && config.ENZONA_ENABLED) {
    if (config.NODE_ENV === 'production' && DEV_SECRETS.has(config.ENZONA_CLIENT_SECRET)) {
      throw new Error(
        'Invalid configuration:\n  ENZONA_CLIENT_SECRET must be set in production (or ENZONA_ENABLED=false)',
      );
    }
    adapters.set(
      'ENZONA',
      createEnzonaGateway({
        baseUrl: config.ENZONA_BASE_URL,
        clientId: config.ENZONA_CLIENT_ID,
        clientSecret: config.ENZONA_CLIENT_SECRET,
      }),
    );
  }
  if (config.PAYMENTS_ENABLED && config.TRANSFERMOVIL_ENABLED) {
    if (config.NODE_ENV === 'production' && DEV_SECRETS.has(config.TM_SEED)) {
      throw new Error(
        'Invalid configuration:\n  TM_SEED must be set in production (or TRANSFERMOVIL_ENABLED=false)',
      );
    }
    adapters.set(
      'TRANSFERMOVIL',
      createTransfermovilGateway({
        baseUrl: config.TRANSFERMOVIL_BASE_URL,
        username: config.TM_USERNAME,
        seed: config.TM_SEED,
        source: config.TM_SOURCE,
      }),
    );
  }
  return { enabled: [...adapters.keys()], get: (method) => adapters.get(method) };
}
