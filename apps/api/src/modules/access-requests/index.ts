/** The access-requests module's door: what app.ts, the container and other modules use. */
export { accessRequestsRoutes } from './access-requests.routes';
export { createAccessRequestsService } from './access-requests.service';
