import { z } from 'zod';
import type { RoleRef, UserRow } from './users.repository';

export const roleRefSchema = z.object({
  role: z.object({ _id: z.string(), name: z.string(), superAdmin: z.boolean() }),
});

/** The user as spec §3 shows it to clients: never the hash, `_id` and `id` both present. */
export const userDtoSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  avatarOriginal: z.string().nullable(),
  status: z.string(),
  clientType: z.string().nullable(),
  address: z.object({ municipality: z.number().nullable() }).catchall(z.unknown()),
  roles: z.array(roleRefSchema),
  verified: z.boolean(),
  lock: z.boolean(),
  deleted: z.boolean(),
  onboardingCompleted: z.boolean(),
  gender: z.string().nullable(),
  birthDate: z.string().nullable(),
  country: z.string().nullable(),
  nationalId: z.string().nullable(),
  language: z.string(),
  changePasswordRequired: z.boolean(),
  /** Optimistic concurrency: send it back with PATCH; a stale one answers 409. */
  version: z.number(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/** The signed-in user: with their permissions and an e-mail change still waiting for confirmation. */
export const meDtoSchema = userDtoSchema.extend({
  permissions: z.array(z.string()),
  pendingEmail: z.string().nullable(),
});

export type { RoleRef };

export function toUserDto(u: UserRow, roleRefs: RoleRef[]): UserDto {
  return {
    _id: u.id,
    id: u.id,
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: [u.firstName, u.lastName].filter(Boolean).join(' '),
    phone: u.phone,
    avatar: u.avatar,
    avatarOriginal: u.avatarOriginal,
    status: u.deletedAt ? 'DELETED' : u.status,
    clientType: u.clientType,
    address: { ...(u.address ?? {}), municipality: u.municipality },
    roles: roleRefs.map((r) => ({ role: { _id: r.id, name: r.name, superAdmin: r.superAdmin } })),
    verified: u.verified,
    lock: u.status === 'LOCK',
    deleted: u.deletedAt !== null,
    onboardingCompleted: u.onboardingCompleted,
    gender: u.gender,
    birthDate: u.birthDate,
    country: u.country,
    nationalId: u.nationalId,
    language: u.language,
    changePasswordRequired: u.changePasswordRequired,
    version: u.version,
    createdAt: u.createdAt.toISOString(),
  };
}
