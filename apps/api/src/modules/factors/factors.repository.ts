import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  passkeys,
  recoveryCodes,
  rememberedBrowsers,
  roles,
  totpFactors,
  userRoles,
  users,
  webauthnChallenges,
} from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** All the SQL of second factors: passkeys, the authenticator app, recovery codes, remembered browsers. */
export function createFactorsRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Who the person is, for the authenticator's label and the e-mails. */
    async person(userId: string, ex: Executor = db) {
      const [row] = await ex
        .select({
          id: users.id,
          space: users.space,
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          status: users.status,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /**
     * Whether the user holds a permission beyond the customer's: a super-administrator role, or a
     * permission the space's USER role does not have.
     */
    async isStaff(userId: string, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          and(
            eq(userRoles.userId, userId),
            or(
              eq(roles.superAdmin, true),
              sql`exists (select 1 from role_permissions rp where rp.role_id = ${roles.id}
                and rp.permission not in (select rp2.permission from role_permissions rp2
                  join roles r2 on r2.id = rp2.role_id where r2.name = 'USER' and r2.space = ${roles.space}))`,
            ),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    // ---- the authenticator app (TOTP) ----

    async totp(userId: string, ex: Executor = db) {
      const [row] = await ex.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
      return row;
    },

    /** A new secret waiting for its first code (replaces an unconfirmed one). */
    async startTotp(userId: string, secret: string, ex: Executor = db) {
      await ex
        .insert(totpFactors)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secret, confirmedAt: null, lastStep: null, createdAt: sql`now()` },
          where: isNull(totpFactors.confirmedAt),
        });
    },

    /** Replaces a secret kept in plain text by its sealed form, unless it changed meanwhile. */
    async resealTotp(userId: string, plain: string, sealed: string, ex: Executor = db) {
      await ex
        .update(totpFactors)
        .set({ secret: sealed })
        .where(and(eq(totpFactors.userId, userId), eq(totpFactors.secret, plain)));
    },

    /**
     * Accepts a code of 30-second step `step` once: false when that step (or a later one) was
     * already used. `confirm` also marks the app set up.
     */
    async acceptTotpStep(userId: string, step: number, confirm: boolean, ex: Executor = db) {
      const rows = await ex
        .update(totpFactors)
        .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
        .where(
          and(
            eq(totpFactors.userId, userId),
            or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId });
      return rows.length > 0;
    },

    async removeTotp(userId: string, ex: Executor = db) {
      await ex.delete(totpFactors).where(eq(totpFactors.userId, userId));
      await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },

    // ---- recovery codes ----

    async replaceRecoveryCodes(userId: string, hashes: string[], ex: Executor = db) {
      await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (hashes.length)
        await ex.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends a recovery code; false when it is unknown or was used. */
    async spendRecoveryCode(userId: string, codeHash: string, ex: Executor = db) {
      const rows = await ex
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(userId: string, ex: Executor = db) {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    // ---- passkeys ----

    async passkeysOf(userId: string, ex: Executor = db) {
      return ex.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    },

    async passkeyByCredential(credentialId: string, ex: Executor = db) {
      const [row] = await ex.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    async insertPasskey(values: typeof passkeys.$inferInsert, ex: Executor = db) {
      const [row] = await ex.insert(passkeys).values(values).returning();
      return row!;
    },

    async passkeyUsed(id: string, counter: number, ex: Executor = db) {
      await ex.update(passkeys).set({ counter, lastUsedAt: sql`now()` }).where(eq(passkeys.id, id));
    },

    async removePasskey(userId: string, id: string, ex: Executor = db) {
      const rows = await ex
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id, name: passkeys.name });
      return rows[0];
    },

    async removeAllPasskeys(userId: string, ex: Executor = db) {
      await ex.delete(passkeys).where(eq(passkeys.userId, userId));
    },

    // ---- WebAuthn challenges ----

    async insertChallenge(
      values: { userId: string | null; purpose: 'register' | 'signin'; challenge: string; expiresAt: Date },
      ex: Executor = db,
    ) {
      const [row] = await ex
        .insert(webauthnChallenges)
        .values(values)
        .returning({ id: webauthnChallenges.id });
      return row!.id;
    },

    /** Takes a live challenge once; undefined when unknown, spent or expired. */
    async takeChallenge(id: string, purpose: 'register' | 'signin', ex: Executor = db) {
      const [row] = await ex
        .update(webauthnChallenges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(webauthnChallenges.id, id),
            eq(webauthnChallenges.purpose, purpose),
            isNull(webauthnChallenges.usedAt),
            gt(webauthnChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row;
    },

    /** Challenges older than a day go (used or not). */
    async pruneChallenges(ex: Executor = db) {
      await ex
        .delete(webauthnChallenges)
        .where(lt(webauthnChallenges.expiresAt, sql`now() - interval '1 day'`));
    },

    // ---- remembered browsers ----

    async rememberBrowser(
      values: { userId: string; tokenHash: string; name: string; expiresAt: Date },
      ex: Executor = db,
    ) {
      await ex.insert(rememberedBrowsers).values(values);
    },

    /** Whether one of the hashes is a live remembered browser of the user. */
    async isRemembered(userId: string, tokenHashes: string[], ex: Executor = db) {
      if (!tokenHashes.length) return false;
      const [row] = await ex
        .select({ id: rememberedBrowsers.id })
        .from(rememberedBrowsers)
        .where(
          and(
            eq(rememberedBrowsers.userId, userId),
            inArray(rememberedBrowsers.tokenHash, tokenHashes),
            isNull(rememberedBrowsers.revokedAt),
            gt(rememberedBrowsers.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async rememberedBrowsersOf(userId: string, ex: Executor = db) {
      return ex
        .select({
          id: rememberedBrowsers.id,
          name: rememberedBrowsers.name,
          createdAt: rememberedBrowsers.createdAt,
          expiresAt: rememberedBrowsers.expiresAt,
        })
        .from(rememberedBrowsers)
        .where(
          and(
            eq(rememberedBrowsers.userId, userId),
            isNull(rememberedBrowsers.revokedAt),
            gt(rememberedBrowsers.expiresAt, sql`now()`),
          ),
        )
        .orderBy(asc(rememberedBrowsers.createdAt));
    },

    async forgetBrowsers(userId: string, ex: Executor = db) {
      await ex
        .update(rememberedBrowsers)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(rememberedBrowsers.userId, userId), isNull(rememberedBrowsers.revokedAt)));
    },
  };
}
export type FactorsRepository = ReturnType<typeof createFactorsRepository>;
