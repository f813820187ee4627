/** The users module's door: what app.ts, the container and other modules use. */
export { createUsersAdminService } from './users.admin.service';
export { type Actor, assertInScope, loadActor } from './users.admin.support';
export { meDtoSchema } from './users.dto';
export { assertMayHandOut } from './users.privilege';
export { createUsersRepository } from './users.repository';
export { usersRoutes } from './users.routes';
export { createUsersService } from './users.service';
