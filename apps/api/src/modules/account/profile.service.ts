import { AppError, type ProfileUpdateInput } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Lang } from '../../lib/language';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { writeTrace } from '../../lib/traces';
import type { AuthService, LinkTokens, SessionTokens } from '../auth';
import type { UserRow, UsersRepository, UsersService } from '../users';
import type { AccountRepository, ProfileChanges } from './account.repository';
import { type AccountService, isUniqueViolation } from './account.service';

/** What the user is told of a new invoice of their codes (profile; design §7). */
export interface NotificationPreferences {
  invoiceApp: boolean;
  invoiceEmail: boolean;
}

/** Our own image URLs: `/api/files/images/<uuid>.webp` or its `_thumb` twin. */
const AVATAR_URL = /^\/api\/files\/images\/([0-9a-f-]{36})(?:_thumb)?\.webp$/;

const PROFILE_FIELDS = ['firstName', 'lastName', 'username', 'phone', 'avatar', 'avatarOriginal'] as const;
const pick = (u: UserRow) => Object.fromEntries(PROFILE_FIELDS.map((k) => [k, u[k]]));

/** The one rule of every password change by its owner: the current password first (10). */
async function assertCurrentPassword(user: UserRow, currentPassword: string | undefined) {
  if (!currentPassword || !(await verifyPassword(user.passwordHash, currentPassword)))
    throw new AppError('BADREQUESTERROR', 10);
}

export function createProfileService({
  account,
  accounts,
  users,
  usersService,
  auth,
  links,
}: {
  account: AccountService;
  accounts: AccountRepository;
  users: UsersRepository;
  /** The signed-in user as `GET /api/users/me` answers it. */
  usersService: UsersService;
  /** A new sign-in after the own password change. */
  auth: AuthService;
  links: LinkTokens;
}) {
  const me = (principal: Principal) => usersService.getMe(principal);
  const taken = (space: string, userId: string, column: 'email' | 'username' | 'phone', value: string) =>
    accounts.takenByOther(space, userId, column, value);

  return {
    me,

    /** Spec §5 save semantics; a new e-mail only becomes the login once its owner confirms it. */
    async update(principal: Principal, body: ProfileUpdateInput, lang: Lang) {
      const before = await users.findById(principal.space, principal.userId);
      if (!before || before.deletedAt) throw new AppError('AUTHENTICATIONERROR', 0);
      const set: ProfileChanges = { firstName: body.firstName };
      if (body.lastName !== undefined) set.lastName = body.lastName;
      if (body.username !== undefined && body.username.toLowerCase() !== before.username?.toLowerCase()) {
        if (await taken(before.space, before.id, 'username', body.username))
          throw new AppError('BADREQUESTERROR', 443);
        set.username = body.username;
      }
      if (body.phone !== undefined && body.phone !== before.phone) {
        if (body.phone !== null && (await taken(before.space, before.id, 'phone', body.phone)))
          throw new AppError('BADREQUESTERROR', 444);
        set.phone = body.phone;
      }
      if (body.avatar !== undefined) {
        const avatar = body.avatar.trim();
        const match = AVATAR_URL.exec(avatar);
        if (avatar && !match)
          throw new AppError('VALIDATIONERROR', 0, [{ field: 'body.avatar', message: 'Valor no válido' }]);
        set.avatar = match ? `/api/files/images/${match[1]}_thumb.webp` : null;
        set.avatarOriginal = match ? `/api/files/images/${match[1]}.webp` : null;
      }
      const newEmail =
        body.email && body.email.toLowerCase() !== before.email.toLowerCase()
          ? body.email.toLowerCase()
          : undefined;
      if (newEmail && (await taken(before.space, before.id, 'email', newEmail)))
        throw new AppError('BADREQUESTERROR', 303);
      if (body.password) await assertCurrentPassword(before, body.currentPassword);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;

      try {
        await accounts.transaction(async (tx) => {
          const after = await accounts.updateProfile(before.id, set, tx);
          await writeTrace(tx, {
            space: before.space,
            type: 'UPDATE',
            owner: principal.userId,
            module: 'account',
            section: 'profile',
            entityId: before.id,
            before: { ...pick(before), version: before.version, pendingEmail: null },
            after: { ...pick(after), version: after.version, pendingEmail: newEmail ?? null },
          });
          if (passwordHash) await account.setPassword(tx, after, passwordHash, 'profile');
          if (newEmail) {
            const token = await links.issue(tx, {
              userId: before.id,
              purpose: 'VERIFY_EMAIL',
              email: newEmail,
            });
            await account.mailLink(tx, newEmail, {
              template: 'verify-email',
              lang: before.language === 'en' ? 'en' : lang,
              name: after.firstName,
              page: 'verify-email',
              token,
              kind: 'verify-email',
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('BADREQUESTERROR', 443);
        throw err;
      }
      return me(principal);
    },

    /** Whether the user is told of a new invoice of their codes in the app and by e-mail. */
    async notificationPreferences(principal: Principal): Promise<NotificationPreferences> {
      const p = await accounts.notificationPreferences(principal.userId);
      if (!p) throw new AppError('AUTHENTICATIONERROR', 0);
      return p;
    },

    /** Changes either preference (traced); answers both as saved. */
    async setNotificationPreferences(
      principal: Principal,
      body: Partial<NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      return accounts.transaction(async (tx) => {
        const before = await accounts.notificationPreferences(principal.userId, tx);
        if (!before) throw new AppError('AUTHENTICATIONERROR', 0);
        const after = await accounts.setNotificationPreferences(principal.userId, body, tx);
        await writeTrace(tx, {
          space: principal.space,
          type: 'UPDATE',
          owner: principal.userId,
          module: 'account',
          section: 'notification-preferences',
          entityId: principal.userId,
          before,
          after,
        });
        return after;
      });
    },

    /** The own password, changed: every session ends and this one gets a new sign-in (token pair). */
    async changePassword(
      principal: Principal,
      currentPassword: string,
      password: string,
    ): Promise<SessionTokens> {
      const user = await users.findById(principal.space, principal.userId);
      if (!user || user.deletedAt) throw new AppError('AUTHENTICATIONERROR', 0);
      await assertCurrentPassword(user, currentPassword);
      const passwordHash = await hashPassword(password);
      await accounts.transaction((tx) => account.setPassword(tx, user, passwordHash, 'change'));
      return auth.startSession(principal.userId, principal.space);
    },

    async verifyEmail(token: string) {
      try {
        return await accounts.transaction(async (tx) => {
          const link = await links.consume(tx, token, 'VERIFY_EMAIL');
          const user = await accounts.userById(link.userId, tx);
          if (!user || user.deletedAt || !link.email) throw new AppError('BADREQUESTERROR', 470);
          if (await accounts.takenByOther(user.space, user.id, 'email', link.email, tx))
            throw new AppError('BADREQUESTERROR', 303);
          await accounts.setEmail(user.id, link.email, tx);
          await writeTrace(tx, {
            space: user.space,
            type: 'UPDATE',
            owner: user.id,
            module: 'account',
            section: 'email',
            entityId: user.id,
            before: { email: user.email },
            after: { email: link.email },
          });
          return { userId: user.id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('BADREQUESTERROR', 303);
        throw err;
      }
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
