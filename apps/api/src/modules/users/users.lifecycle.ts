import { AppError, generatePassword, type PasswordReset, type UserStatus } from '@ov/domain';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { writeTrace } from '../../lib/traces';
import {
  assertUniqueLive,
  userDto as dto,
  loadActor,
  revokeSessions,
  snapshot,
  findActionTarget as target,
} from './users.admin.support';
import { mailTemporaryPassword } from './users.mail';
import { assertSuperAdminRemains } from './users.privilege';

const TRACE = { module: 'users', section: 'admin' } as const;

/** Status changes, soft removal, recovery and password resets of users by staff. */
export function createUsersLifecycle({ db }: { db: Db }) {
  async function setStatus(p: Principal, ids: string[], status: UserStatus) {
    if (status !== 'ACTIVE' && status !== 'LOCK')
      throw new AppError('VALIDATIONERROR', 0, [{ field: 'status', message: 'estado no permitido' }]);
    const unique = [...new Set(ids)];
    return db.transaction(async (tx) => {
      const actor = await loadActor(tx, p);
      const targets = [];
      for (const id of unique) targets.push(await target(tx, actor, id, 462));
      if (status === 'LOCK') await assertSuperAdminRemains(tx, p.space, unique);
      for (const u of targets) {
        const id = u.id;
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        if (u.status === status) continue;
        const [after] = await tx
          .update(users)
          .set({ status, updatedAt: new Date(), version: sql`${users.version} + 1` })
          .where(eq(users.id, id))
          .returning();
        if (status === 'LOCK') await revokeSessions(tx, [id]);
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: id,
          before: { status: u.status },
          after: { status: after.status },
        });
      }
      return { updated: unique.length };
    });
  }

  async function remove(p: Principal, ids: string[]) {
    const unique = [...new Set(ids)];
    return db.transaction(async (tx) => {
      const actor = await loadActor(tx, p);
      const targets = [];
      for (const id of unique) targets.push(await target(tx, actor, id, 463));
      await assertSuperAdminRemains(tx, p.space, unique);
      for (const u of targets) {
        const id = u.id;
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        await tx
          .update(users)
          .set({
            status: 'DELETED',
            deletedAt: new Date(),
            updatedAt: new Date(),
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, id));
        await revokeSessions(tx, [id]);
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'REMOVE',
          owner: p.userId,
          entityId: id,
          before: snapshot(u),
          after: null,
        });
      }
      return { deleted: unique.length };
    });
  }

  return {
    setStatus,
    remove: (p: Principal, id: string) => remove(p, [id]),
    removeMany: remove,

    /** The "recover" answer of the reference-conflict flow: the removed user comes back. */
    async recover(p: Principal, ref: string) {
      return db.transaction(async (tx) => {
        const u = await target(tx, await loadActor(tx, p), ref);
        if (!u.deletedAt) throw new AppError('NOTFOUND', 415);
        await assertUniqueLive(tx, p.space, u);
        const [after] = await tx
          .update(users)
          .set({
            status: u.verified ? 'ACTIVE' : 'UNVERIFIED',
            deletedAt: null,
            updatedAt: new Date(),
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, ref))
          .returning();
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'RESTORE',
          owner: p.userId,
          entityId: ref,
          before: { status: 'DELETED' },
          after: snapshot(after),
        });
        return dto(tx, ref, p.space);
      });
    },

    async resetPassword(p: Principal, input: PasswordReset) {
      return db.transaction(async (tx) => {
        const u = await target(tx, await loadActor(tx, p), input._id);
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        const password = input.autoGeneratePassword ? generatePassword(8) : (input.password as string);
        const [after] = await tx
          .update(users)
          .set({
            passwordHash: await hashPassword(password),
            changePasswordRequired: input.changePasswordRequire,
            updatedAt: new Date(),
          })
          .where(eq(users.id, u.id))
          .returning();
        await revokeSessions(tx, [u.id]);
        if (input.autoGeneratePassword) await mailTemporaryPassword(tx, after, password, false);
        await writeTrace(tx, {
          ...TRACE,
          section: 'password-reset',
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: u.id,
          before: { changePasswordRequired: u.changePasswordRequired, password: '' },
          after: { changePasswordRequired: after.changePasswordRequired, passwordReset: true },
        });
        return { ok: true, mailed: input.autoGeneratePassword };
      });
    },
  };
}
