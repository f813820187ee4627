/** The security module's door: what app.ts, the container and other modules use. */
export { createSecurityRepository, type SecurityRepository } from './security.repository';
export { securityRoutes } from './security.routes';
export { createSecurityService, type SecurityService } from './security.service';
