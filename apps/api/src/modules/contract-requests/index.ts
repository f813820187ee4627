/** The contract-requests module's door: what app.ts, the container, the seeds and other modules use. */
export { ensureContractModels } from './contract-requests.contract.repository';
export {
  type ContractRequestsRepository,
  createContractRequestsRepository,
} from './contract-requests.repository';
export { contractRequestsRoutes } from './contract-requests.routes';
export {
  type ContractRequestsService,
  createContractRequestsService,
  releaseWhenDebtsPaid,
} from './contract-requests.service';
