import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { SearchQuery } from '../../lib/search';
import { toUserDto } from './users.dto';
import type { UsersRepository } from './users.repository';

export function createUsersService({ users }: { users: UsersRepository }) {
  return {
    async getMe(principal: Principal) {
      const u = await users.findById(principal.space, principal.userId);
      if (!u || u.deletedAt) throw new AppError('AUTHENTICATIONERROR', 0);
      const [roleMap, pendingEmail] = await Promise.all([users.rolesOf([u.id]), users.pendingEmailOf(u.id)]);
      return { ...toUserDto(u, roleMap.get(u.id) ?? []), permissions: principal.permissions, pendingEmail };
    },
    async search(principal: Principal, q: SearchQuery) {
      const page = await users.search(principal.space, q);
      const roleMap = await users.rolesOf(page.rows.map((u) => u.id));
      return { rows: page.rows.map((u) => toUserDto(u, roleMap.get(u.id) ?? [])), total: page.total };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
