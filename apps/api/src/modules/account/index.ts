/** The account module's door: what app.ts, the container and other modules use. */
export { accountRoutes } from './account.routes';
export { issueLinkToken } from './links';
