/** The municipalities module's door: what app.ts, the container and other modules use. */
export { createMunicipalitiesRepository } from './municipalities.repository';
export { municipalitiesRoutes } from './municipalities.routes';
export { createMunicipalitiesService, type MunicipalitiesService } from './municipalities.service';
