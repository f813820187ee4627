/** The traces module's door: what app.ts, the container and other modules use. */
export { securityLogRoutes } from './security-log.routes';
export { createTracesRepository, type TracesRepository } from './traces.repository';
export { tracesRoutes } from './traces.routes';
export { createTracesService, type TracesService } from './traces.service';
export { assertUuidFilters } from './uuid-filters';
