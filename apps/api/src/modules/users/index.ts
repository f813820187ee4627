/** The users module's door: what app.ts, the container and other modules use. */
export { createUsersAdminService, type UsersAdminService } from './users.admin.service';
export { type Actor, assertInScope, loadActor } from './users.admin.support';
export { meDtoSchema } from './users.dto';
export type { EmailLinkIssuer } from './users.email-change';
export { assertMayHandOut } from './users.privilege';
export {
  createUsersRepository,
  type UserChanges,
  type UserRow,
  type UsersRepository,
} from './users.repository';
export { usersRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
