import { AppError, generatePassword, type PasswordReset, type UserStatus } from '@ov/domain';
import type { Principal } from '../../core/principal';
import { hashPassword } from '../../lib/passwords';
import { writeTrace } from '../../lib/traces';
import { snapshot, type UsersAdminSupport } from './users.admin.support';
import { mailTemporaryPassword } from './users.mail';
import { assertSuperAdminRemains } from './users.privilege';
import type { UsersRepository } from './users.repository';

const TRACE = { module: 'users', section: 'admin' } as const;

/** Status changes, soft removal, recovery and password resets of users by staff. */
export function createUsersLifecycle({
  users,
  support,
}: {
  users: UsersRepository;
  support: UsersAdminSupport;
}) {
  const { loadActor, assertUniqueLive, userDto: dto, findActionTarget: target } = support;

  async function setStatus(p: Principal, ids: string[], status: UserStatus) {
    if (status !== 'ACTIVE' && status !== 'LOCK')
      throw new AppError('VALIDATIONERROR', 0, [{ field: 'status', message: 'estado no permitido' }]);
    const unique = [...new Set(ids)];
    return users.transaction(async (tx) => {
      const actor = await loadActor(tx, p);
      const targets = [];
      for (const id of unique) targets.push(await target(tx, actor, id, 462));
      if (status === 'LOCK') await assertSuperAdminRemains(users, tx, p.space, unique);
      for (const u of targets) {
        const id = u.id;
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        if (u.status === status) continue;
        const after = await users.updateVersioned(id, { status, updatedAt: new Date() }, tx);
        if (status === 'LOCK') await users.revokeSessions([id], tx);
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
    return users.transaction(async (tx) => {
      const actor = await loadActor(tx, p);
      const targets = [];
      for (const id of unique) targets.push(await target(tx, actor, id, 463));
      await assertSuperAdminRemains(users, tx, p.space, unique);
      for (const u of targets) {
        const id = u.id;
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        await users.updateVersioned(
          id,
          { status: 'DELETED', deletedAt: new Date(), updatedAt: new Date() },
          tx,
        );
        await users.revokeSessions([id], tx);
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
      return users.transaction(async (tx) => {
        const u = await target(tx, await loadActor(tx, p), ref);
        if (!u.deletedAt) throw new AppError('NOTFOUND', 415);
        await assertUniqueLive(tx, p.space, u);
        const after = await users.updateVersioned(
          ref,
          { status: u.verified ? 'ACTIVE' : 'UNVERIFIED', deletedAt: null, updatedAt: new Date() },
          tx,
        );
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
      return users.transaction(async (tx) => {
        const u = await target(tx, await loadActor(tx, p), input._id);
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        const password = input.autoGeneratePassword ? generatePassword(8) : (input.password as string);
        const after = await users.update(
          u.id,
          {
            passwordHash: await hashPassword(password),
            changePasswordRequired: input.changePasswordRequire,
            updatedAt: new Date(),
          },
          tx,
        );
        await users.revokeSessions([u.id], tx);
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
