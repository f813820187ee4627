import { type AdminUser, AppError, generatePassword, ROLE_NAMES, splitFullName } from '@ov/domain';
import dayjs from 'dayjs';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import type { SearchQuery } from '../../lib/search';
import { writeTrace } from '../../lib/traces';
import {
  assertInScope,
  assertMaySetScope,
  canAssignRoles,
  createUsersAdminSupport,
  scopeLimit,
  scopeOf,
  snapshot,
  withScope,
} from './users.admin.support';
import { toUserDto } from './users.dto';
import { type EmailLinkIssuer, requestEmailChange } from './users.email-change';
import { createUsersLifecycle } from './users.lifecycle';
import { mailTemporaryPassword } from './users.mail';
import type { UsersRepository } from './users.repository';

export type AdminUserPatch = Partial<AdminUser> & { version: number; force?: boolean };
const TRACE = { module: 'users', section: 'admin' } as const;

/** Staff administration of users: CRUD, status, password reset, roles, the reference-conflict flow. */
export function createUsersAdminService({
  users,
  links,
  publicUrl,
}: {
  users: UsersRepository;
  /** The VERIFY_EMAIL links of an e-mail change (auth's link tokens). */
  links: EmailLinkIssuer;
  publicUrl: string;
}) {
  const support = createUsersAdminSupport(users);
  const {
    loadActor,
    assertUniqueLive,
    userDto: dto,
    findActionTarget,
    replaceRoles,
    resolveRoles,
    findTarget: target,
  } = support;

  async function roleNames(tx: Executor, id: string) {
    return ((await users.rolesOf([id], tx)).get(id) ?? []).map((r) => r.name).sort();
  }

  /** The columns a form sets; the full name is split into first name and surnames (`splitFullName`). */
  function fieldsOf(
    input: Partial<AdminUser>,
    current?: { firstName: string | null; lastName: string | null },
  ) {
    return {
      ...(input.username !== undefined && { username: input.username }),
      ...(input.fullName !== undefined && splitFullName(input.fullName, current)),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(input.clientType !== undefined && { clientType: input.clientType }),
      ...(input.municipality !== undefined && { municipality: input.municipality }),
      ...(input.gender !== undefined && { gender: input.gender }),
      ...(input.country !== undefined && { country: input.country }),
      ...(input.nationalId !== undefined && { nationalId: input.nationalId }),
      ...(input.birthDate !== undefined && { birthDate: toDateString(input.birthDate) }),
    };
  }

  return {
    async search(p: Principal, q: SearchQuery) {
      const actor = await loadActor(undefined, p);
      const page = await users.search(p.space, q, scopeLimit(actor));
      const roleMap = await users.rolesOf(page.rows.map((u) => u.id));
      return { rows: page.rows.map((u) => toUserDto(u, roleMap.get(u.id) ?? [])), total: page.total };
    },

    async getOne(p: Principal, id: string) {
      await target(undefined, await loadActor(undefined, p), id);
      return dto(undefined, id, p.space);
    },

    async count(p: Principal, q: SearchQuery) {
      return users.countByClientType(p.space, q, scopeLimit(await loadActor(undefined, p)));
    },

    async roles(p: Principal) {
      const rows = await users.rolesOfSpace(p.space);
      return rows.map((r) => ({
        _id: r.id,
        id: r.id,
        name: r.name,
        description: r.description,
        superAdmin: r.superAdmin,
      }));
    },

    async create(p: Principal, input: AdminUser & { force?: boolean }) {
      if (input.roles?.length && !canAssignRoles(p)) throw new AppError('UNAUTHORIZEDERROR', 410);
      return users.transaction(async (tx) => {
        const actor = await loadActor(tx, p);
        assertInScope(actor, input.municipality);
        if (input.scopeMunicipality != null) assertMaySetScope(actor, input.scopeMunicipality);
        await assertUniqueLive(tx, p.space, input);
        if (!input.force) {
          const removed = await users.lastRemovedWithEmail(p.space, input.email, tx);
          if (removed) throw new AppError('CONFLICTERROR', 409, { ref: removed });
        }
        const password = generatePassword();
        const u = await users.insert(
          {
            space: p.space,
            email: input.email,
            ...fieldsOf(input),
            firstName: splitFullName(input.fullName).firstName,
            address: withScope({ line: input.address }, input.scopeMunicipality ?? null),
            passwordHash: await hashPassword(password),
            status: 'ACTIVE',
            verified: true,
            changePasswordRequired: true,
          },
          tx,
        );
        const wanted = input.roles?.length ? input.roles : [ROLE_NAMES.USER];
        const granted = await resolveRoles(tx, p.space, wanted);
        const names = input.roles?.length
          ? (await replaceRoles(tx, p, u.id, granted)).after
          : await users.setRolesUnchecked(u.id, granted, tx);
        await mailTemporaryPassword(tx, u, password, true);
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'CREATE',
          owner: p.userId,
          entityId: u.id,
          before: null,
          after: snapshot(u, names),
        });
        return dto(tx, u.id, p.space);
      });
    },

    async update(p: Principal, id: string, input: AdminUserPatch) {
      if (input.roles && !canAssignRoles(p)) throw new AppError('UNAUTHORIZEDERROR', 410);
      return users.transaction(async (tx) => {
        const actor = await loadActor(tx, p);
        const before = await findActionTarget(tx, actor, id);
        if (before.deletedAt) throw new AppError('NOTFOUND', 415);
        if (before.version !== input.version && !input.force)
          throw new AppError('CONFLICTERROR', 409, { ref: id, current: await dto(tx, id, p.space) });
        if (input.municipality !== undefined) assertInScope(actor, input.municipality);
        const scope = input.scopeMunicipality ?? null;
        const scopeChanges = input.scopeMunicipality !== undefined && scope !== scopeOf(before.address);
        if (scopeChanges) assertMaySetScope(actor, scope);
        await assertUniqueLive(tx, p.space, input, id);
        // A new e-mail is the account's key to password recovery: it applies only once its owner
        // confirms it from the new address, and the old address is told (users.email-change.ts).
        const newEmail =
          input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase()
            ? input.email.toLowerCase()
            : null;
        if (newEmail) await requestEmailChange(tx, { user: before, newEmail, publicUrl, links });
        const rolesBefore = await roleNames(tx, id);
        const lined =
          input.address !== undefined ? { ...(before.address ?? {}), line: input.address } : before.address;
        const address = scopeChanges ? withScope(lined, scope) : lined;
        const after = await users.updateVersioned(
          id,
          { ...fieldsOf(input, before), address, updatedAt: new Date() },
          tx,
        );
        const rolesAfter = input.roles
          ? (await replaceRoles(tx, p, id, await resolveRoles(tx, p.space, input.roles))).after
          : rolesBefore;
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: id,
          before: { ...snapshot(before, rolesBefore), pendingEmail: null },
          after: { ...snapshot(after, rolesAfter), pendingEmail: newEmail },
        });
        return dto(tx, id, p.space);
      });
    },

    ...createUsersLifecycle({ users, support }),

    async assignRoles(p: Principal, id: string, roleIds: string[]) {
      if (!canAssignRoles(p)) throw new AppError('UNAUTHORIZEDERROR', 410);
      return users.transaction(async (tx) => {
        const u = await findActionTarget(tx, await loadActor(tx, p), id);
        if (u.deletedAt) throw new AppError('NOTFOUND', 415);
        const change = await replaceRoles(tx, p, id, await resolveRoles(tx, p.space, roleIds));
        await users.updateVersioned(id, { updatedAt: new Date() }, tx);
        await writeTrace(tx, {
          ...TRACE,
          section: 'roles',
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: id,
          before: { roles: change.before },
          after: { roles: change.after },
        });
        return dto(tx, id, p.space);
      });
    },
  };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;

function toDateString(d: Date | string): string {
  return dayjs(d).format('YYYY-MM-DD');
}
