/** The health module's door: what app.ts, the container and other modules use. */
export { healthRoutes } from './health.routes';
