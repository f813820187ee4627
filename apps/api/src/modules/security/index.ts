/** The security module's door: what app.ts, the container and other modules use. */
export { securityRoutes } from './security.routes';
export { createSecurityService } from './security.service';
