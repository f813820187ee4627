/** The address module's door: what app.ts, the container and other modules use. */
export { addressRoutes } from './address.routes';
