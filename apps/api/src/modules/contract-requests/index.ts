/** The contract-requests module's door: what app.ts, the container and other modules use. */
export { ensureContractModels } from './contract-requests.contract';
export { contractRequestsRoutes } from './contract-requests.routes';
export { createContractRequestsService } from './contract-requests.service';
