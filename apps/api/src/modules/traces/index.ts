/** The traces module's door: what app.ts, the container and other modules use. */
export { securityLogRoutes } from './security-log.routes';
export { tracesRoutes } from './traces.routes';
export { assertUuidFilters } from './uuid-filters';
