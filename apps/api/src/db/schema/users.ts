import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaces } from './spaces';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    email: text('email').notNull(),
    username: text('username'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    phone: text('phone'),
    avatar: text('avatar'),
    avatarOriginal: text('avatar_original'),
    passwordHash: text('password_hash'),
    clientType: text('client_type'),
    municipality: integer('municipality'),
    address: jsonb('address').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('UNVERIFIED'),
    verified: boolean('verified').notNull().default(false),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    changePasswordRequired: boolean('change_password_required').notNull().default(false),
    gender: text('gender'),
    birthDate: date('birth_date'),
    country: text('country'),
    nationalId: text('national_id'),
    language: text('language').notNull().default('es'),
    /** A new invoice of one of their codes (commercial system's change feed): told in the app / by e-mail. */
    notifyInvoiceApp: boolean('notify_invoice_app').notNull().default(true),
    notifyInvoiceEmail: boolean('notify_invoice_email').notNull().default(false),
    version: integer('version').notNull().default(1),
    /** Access tokens issued before this instant are refused (password change, sign out everywhere, block). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_space_email_live_uq')
      .on(t.space, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_space_username_live_uq')
      .on(t.space, sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null and ${t.username} is not null`),
    index('users_space_created_idx').on(t.space, t.createdAt),
    // The staff list's filter and sorts (issue 29, migration 0029), newest first as the tie-break.
    index('users_space_status_created_idx').on(t.space, t.status, t.createdAt.desc(), t.id),
    index('users_space_first_name_created_idx').on(t.space, t.firstName, t.createdAt.desc(), t.id),
    index('users_space_email_idx').on(t.space, t.email),
    // The list's free-text search (`ilike '%…%'` over each column, issue 29): trigrams (migration 0032).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    name: text('name').notNull(),
    /** The description in Spanish (the portal's first language; what `description` has always meant). */
    description: text('description'),
    /** The description in English; the web shows the Spanish one when it is missing. */
    descriptionEn: text('description_en'),
    superAdmin: boolean('super_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_space_name_uq').on(t.space, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * A sign-in whose second step is still owed (issue 30): `verify` (a factor to present) or `enrol`
     * (a factor to set up); null once complete. Its access tokens reach only the second-step routes.
     */
    secondFactor: text('second_factor').$type<'verify' | 'enrol'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
