import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { clientCodeLinks, municipalities, pendingClientCodes, roles, users } from '../../db/schema';
import { consume, type RateRule, tryConsume } from '../../lib/throttle';

type UserRow = typeof users.$inferSelect;
/** What the owner changes of their own profile (spec §5). */
export type ProfileChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'username' | 'phone' | 'avatar' | 'avatarOriginal'
  >
>;

/**
 * All the SQL of the account flows a user runs on their own account: sign-up, verification, password
 * recovery and change, the profile and the e-mail change; and the request limits they count.
 */
export function createAccountRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Counts a request against `rules` (429 over any of them, see lib/throttle.ts). */
    consume: (key: string, rules: RateRule[], ex: Executor = db) => consume(ex, key, rules),
    /** Counts a request and answers whether it fitted (the excess is dropped silently). */
    tryConsume: (key: string, rules: RateRule[], ex: Executor = db) => tryConsume(ex, key, rules),

    /** A user by id, in any space. */
    async userById(id: string, ex: Executor = db): Promise<UserRow | undefined> {
      const [u] = await ex.select().from(users).where(eq(users.id, id));
      return u;
    },

    /** The live user of the space with this e-mail (already lower-cased). */
    async liveUserByEmail(space: string, email: string, ex: Executor = db): Promise<UserRow | undefined> {
      const [u] = await ex
        .select()
        .from(users)
        .where(and(eq(users.space, space), isNull(users.deletedAt), eq(sql`lower(${users.email})`, email)))
        .limit(1);
      return u;
    },

    /**
     * Whether another live user of the space holds this value: e-mail and username compared without
     * case, the phone as written.
     */
    async takenByOther(
      space: string,
      userId: string | null,
      column: 'email' | 'username' | 'phone',
      value: string,
      ex: Executor = db,
    ): Promise<boolean> {
      const col = users[column];
      const [row] = await ex
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.space, space),
            isNull(users.deletedAt),
            userId === null ? undefined : ne(users.id, userId),
            column === 'phone' ? eq(col, value) : eq(sql`lower(${col})`, value.toLowerCase()),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async municipalityExists(pk: number, ex: Executor = db): Promise<boolean> {
      const [muni] = await ex
        .select({ pk: municipalities.pk })
        .from(municipalities)
        .where(eq(municipalities.pk, pk));
      return Boolean(muni);
    },

    async roleIdByName(space: string, name: string, ex: Executor = db): Promise<string | undefined> {
      const [role] = await ex
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.space, space), eq(roles.name, name)));
      return role?.id;
    },

    /** Whether a client code is associated with some account already. */
    async clientCodeTaken(cc: string, ex: Executor = db): Promise<boolean> {
      const [taken] = await ex
        .select({ cc: clientCodeLinks.cc })
        .from(clientCodeLinks)
        .where(eq(clientCodeLinks.cc, cc))
        .limit(1);
      return Boolean(taken);
    },

    /** Keeps the client code proven at sign-up until the account is verified. */
    async addPendingClientCode(userId: string, clientCode: string, ex: Executor = db) {
      await ex.insert(pendingClientCodes).values({ userId, clientCode });
    },

    /** Takes the client code kept at sign-up (the row is dropped), if any. */
    async takePendingClientCode(userId: string, ex: Executor = db): Promise<string | null> {
      const [pending] = await ex
        .select()
        .from(pendingClientCodes)
        .where(eq(pendingClientCodes.userId, userId));
      if (!pending) return null;
      await ex.delete(pendingClientCodes).where(eq(pendingClientCodes.userId, userId));
      return pending.clientCode;
    },

    /** Associates a client code with a user; false when someone holds it already. */
    async linkClientCode(link: { userId: string; cc: string; space: string }, ex: Executor = db) {
      const inserted = await ex
        .insert(clientCodeLinks)
        .values(link)
        .onConflictDoNothing()
        .returning({ cc: clientCodeLinks.cc });
      return inserted.length > 0;
    },

    /** The account is verified: ACTIVE. */
    async markVerified(userId: string, ex: Executor = db) {
      await ex
        .update(users)
        .set({
          status: 'ACTIVE',
          verified: true,
          version: sql`${users.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    },

    /** A new password hash; no change is required any more. */
    async setPasswordHash(userId: string, passwordHash: string, ex: Executor = db) {
      await ex
        .update(users)
        .set({
          passwordHash,
          changePasswordRequired: false,
          version: sql`${users.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    },

    async updateProfile(userId: string, changes: ProfileChanges, ex: Executor = db): Promise<UserRow> {
      const [after] = await ex
        .update(users)
        .set({ ...changes, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return after;
    },

    /** The user's invoice notice preferences (the commercial system's new invoices, design §7). */
    async notificationPreferences(userId: string, ex: Executor = db) {
      const [p] = await ex
        .select({ invoiceApp: users.notifyInvoiceApp, invoiceEmail: users.notifyInvoiceEmail })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return p;
    },

    async setNotificationPreferences(
      userId: string,
      set: { invoiceApp?: boolean; invoiceEmail?: boolean },
      ex: Executor = db,
    ) {
      const [p] = await ex
        .update(users)
        .set({
          ...(set.invoiceApp !== undefined ? { notifyInvoiceApp: set.invoiceApp } : {}),
          ...(set.invoiceEmail !== undefined ? { notifyInvoiceEmail: set.invoiceEmail } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ invoiceApp: users.notifyInvoiceApp, invoiceEmail: users.notifyInvoiceEmail });
      return p;
    },

    async setEmail(userId: string, email: string, ex: Executor = db) {
      await ex
        .update(users)
        .set({ email, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
