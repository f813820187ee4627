export { createGateways } from './gateways';
export { paymentsRoutes } from './payments.plugin';
export { createPaymentsRepository, type PaymentsRepository } from './payments.repository';
export { createPaymentsService, type PaymentsService } from './payments.service';
