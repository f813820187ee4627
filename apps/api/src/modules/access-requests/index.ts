/** The access-requests module's door: what app.ts, the container and other modules use. */
export { type AccessRequestsRepository, createAccessRequestsRepository } from './access-requests.repository';
export { accessRequestsRoutes } from './access-requests.routes';
export { type AccessRequestsService, createAccessRequestsService } from './access-requests.service';
