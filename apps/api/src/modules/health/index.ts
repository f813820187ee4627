/** The health module's door: what app.ts, the container and other modules use. */
export { createHealthRepository, type HealthRepository } from './health.repository';
export { healthRoutes } from './health.routes';
export { createHealthService, type HealthService } from './health.service';
