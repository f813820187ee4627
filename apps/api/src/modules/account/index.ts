/** The account module's door: what app.ts, the container and other modules use. */
export { type AccountRepository, createAccountRepository } from './account.repository';
export { accountRoutes } from './account.routes';
export { type AccountService, createAccountService } from './account.service';
export { createProfileService, type ProfileService } from './profile.service';
