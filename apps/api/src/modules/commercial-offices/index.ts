/** The commercial offices module's door: what app.ts, the container and other modules use. */
export { createCommercialOfficesRepository } from './commercial-offices.repository';
export { commercialOfficesRoutes } from './commercial-offices.routes';
export {
  type CommercialOfficesService,
  createCommercialOfficesService,
} from './commercial-offices.service';
