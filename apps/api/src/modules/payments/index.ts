export { createGateways } from './gateways';
export { paymentsRoutes } from './payments.plugin';
export { createPaymentsService, type PaymentsService } from './payments.service';
