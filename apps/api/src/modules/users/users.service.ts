import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import type { SearchQuery } from '../../lib/search';
import { toUserDto } from './users.dto';
import { createUsersRepository } from './users.repository';

export function createUsersService({ db }: { db: Db }) {
  const repo = createUsersRepository(db);
  return {
    async getMe(principal: Principal) {
      const u = await repo.findById(principal.space, principal.userId);
      if (!u || u.deletedAt) throw new AppError('AUTHENTICATIONERROR', 0);
      const [roleMap, pendingEmail] = await Promise.all([repo.rolesOf([u.id]), repo.pendingEmailOf(u.id)]);
      return { ...toUserDto(u, roleMap.get(u.id) ?? []), permissions: principal.permissions, pendingEmail };
    },
    async search(principal: Principal, q: SearchQuery) {
      const page = await repo.search(principal.space, q);
      const roleMap = await repo.rolesOf(page.rows.map((u) => u.id));
      return { rows: page.rows.map((u) => toUserDto(u, roleMap.get(u.id) ?? [])), total: page.total };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
