/** The offices module's door: what app.ts, the container and other modules use. */
export { officesRoutes } from './offices.routes';
