import { AppError, BASE_PATH, CLIENT_TYPES, ROLE_NAMES } from '@ov/domain';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { DEFAULT_SPACE } from '../../db/seed';
import type { Lang } from '../../lib/language';
import { hashPassword } from '../../lib/passwords';
import { MAIL_IP_RATE, MAIL_RATE, SIGNUP_IP_RATE } from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import { type AuthService, createDeviceTokens, type LinkTokens } from '../auth';
import { type CommercialSystem, provesOwnership } from '../billing';
import { enqueueMail, type MailTemplateName, renderMail } from '../mail';
import { type CodePattern, fixedCodePattern } from '../settings';
import type { UserRow, UsersRepository } from '../users';
import type { AccountRepository } from './account.repository';

export interface SignupBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  clientType: string;
  municipality: number;
  clientCode?: string;
  clientCodeProof?: string;
}

export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const langOf = (value: string | null | undefined): Lang => (value === 'en' ? 'en' : 'es');

export function createAccountService({
  accounts,
  users,
  auth,
  links,
  config,
  codePattern = fixedCodePattern(config.CLIENT_CODE_PATTERN),
  commercial,
}: {
  accounts: AccountRepository;
  users: UsersRepository;
  /** Ends the sessions of a user whose password changed. */
  auth: AuthService;
  /** The single-use links the flows e-mail. */
  links: LinkTokens;
  config: Config;
  /** The client-code shape in force (the settings'). */
  codePattern?: CodePattern;
  /** Where a client code given at sign-up is checked (type and ownership proof). */
  commercial: CommercialSystem;
}) {
  const devices = createDeviceTokens(config.jwtSecret);

  /**
   * Mail requests are limited per requesting address (429 to that address only) and per recipient,
   * where the excess is dropped without a word: the answer never tells a stranger anything, and the
   * owner is never refused because of someone else's requests. A browser the owner signed in from
   * (device token) has its own recipient allowance, so a stranger cannot use up the owner's.
   */
  async function mayMail(kind: string, email: string, ip: string, ownDevice?: string | null) {
    await accounts.consume(`mail-address:${ip}`, MAIL_IP_RATE);
    return accounts.tryConsume(ownDevice ? `${kind}:${email}:${ownDevice}` : `${kind}:${email}`, MAIL_RATE);
  }

  /** Queues a mail with a link to a page of the web app carrying a fresh single-use token. */
  async function mailLink(
    ex: Executor,
    to: string,
    m: { template: MailTemplateName; lang: Lang; name: string; page: string; token: string; kind: string },
  ) {
    const link = `${config.publicUrl}${BASE_PATH}/${m.page}?token=${encodeURIComponent(m.token)}`;
    await enqueueMail(ex, { to, kind: m.kind, ...renderMail(m.template, m.lang, { name: m.name, link }) });
  }

  const liveUserByEmail = (ex: Executor | undefined, email: string) =>
    accounts.liveUserByEmail(DEFAULT_SPACE, email, ex);

  /** New password: hash stored, version bumped, every session ended, traced and the owner told. */
  async function setPassword(ex: Executor, user: UserRow, passwordHash: string, via: string) {
    await accounts.setPasswordHash(user.id, passwordHash, ex);
    const revoked = await auth.signoutAll(user.id, ex);
    await writeTrace(ex, {
      space: user.space,
      type: 'UPDATE',
      owner: user.id,
      module: 'account',
      section: 'password',
      entityId: user.id,
      before: { passwordChanged: null, sessionsRevoked: null },
      after: { passwordChanged: via, sessionsRevoked: revoked },
    });
    await enqueueMail(ex, {
      to: user.email,
      kind: 'password-changed',
      ...renderMail('password-changed', langOf(user.language), { name: user.firstName }),
    });
  }

  /**
   * The code proven at sign-up, associated as the account is verified; if someone associated it in
   * between, the answer says so (`associated: false`) and the pending row is dropped either way.
   */
  async function associatePending(tx: Executor, user: { id: string; space: string }) {
    const cc = await accounts.takePendingClientCode(user.id, tx);
    if (cc === null) return null;
    if (!(await accounts.linkClientCode({ userId: user.id, cc, space: user.space }, tx)))
      return { cc, associated: false };
    await writeTrace(tx, {
      space: user.space,
      type: 'CREATE',
      owner: user.id,
      module: 'billing',
      section: 'client-codes',
      entityId: cc,
      after: { cc, userId: user.id },
    });
    return { cc, associated: true };
  }

  return {
    mailLink,
    setPassword,

    async signup(body: SignupBody, lang: Lang, ip = 'unknown') {
      if (!(CLIENT_TYPES as readonly string[]).includes(body.clientType))
        throw new AppError('BADREQUESTERROR', 356);
      const clientCode = body.clientCode?.trim() || undefined;
      if (clientCode && !(await codePattern(DEFAULT_SPACE)).test(clientCode))
        throw new AppError('BADREQUESTERROR', 357);
      if (clientCode) {
        // Checked as "Agregar código" checks it: it exists, is of the client type chosen (357), is
        // free (497) and the proof is its contract or a recent invoice number (499). Associated once
        // the account is verified.
        const account = await commercial.findAccount(clientCode);
        if (!account || account.space !== DEFAULT_SPACE) throw new AppError('PAYMENTRESULT', 5);
        if (account.clientType !== body.clientType) throw new AppError('BADREQUESTERROR', 357);
        if (await accounts.clientCodeTaken(clientCode)) throw new AppError('BADREQUESTERROR', 497);
        await accounts.consume(`signup-proof:${ip}`, SIGNUP_IP_RATE);
        if (!(await provesOwnership(commercial, account, body.clientCodeProof ?? '')))
          throw new AppError('BADREQUESTERROR', 499);
      }
      const email = body.email.trim().toLowerCase();
      if (!(await accounts.municipalityExists(body.municipality))) throw new AppError('BADREQUESTERROR', 414);
      const passwordHash = await hashPassword(body.password);
      try {
        return await accounts.transaction(async (tx) => {
          if (await liveUserByEmail(tx, email)) throw new AppError('BADREQUESTERROR', 303);
          await accounts.consume(`signup-ip:${ip}`, SIGNUP_IP_RATE, tx);
          if (await accounts.takenByOther(DEFAULT_SPACE, null, 'phone', body.phone, tx))
            throw new AppError('BADREQUESTERROR', 444);
          const roleId = await accounts.roleIdByName(DEFAULT_SPACE, ROLE_NAMES.USER, tx);
          if (!roleId) throw new Error('The USER role is missing from the seed');
          const user = await users.insert(
            {
              space: DEFAULT_SPACE,
              email,
              firstName: body.firstName,
              lastName: body.lastName,
              phone: body.phone,
              passwordHash,
              clientType: body.clientType,
              municipality: body.municipality,
              status: 'UNVERIFIED',
              verified: false,
              language: lang,
            },
            tx,
          );
          await users.setRolesUnchecked(user.id, [{ id: roleId, name: ROLE_NAMES.USER }], tx);
          if (clientCode) await accounts.addPendingClientCode(user.id, clientCode, tx);
          const { passwordHash: _, ...visible } = user;
          await writeTrace(tx, {
            space: user.space,
            type: 'CREATE',
            owner: user.id,
            module: 'account',
            section: 'signup',
            entityId: user.id,
            after: { ...visible, clientCode: clientCode ?? null },
          });
          const token = await links.issue(tx, { userId: user.id, purpose: 'VERIFY_SIGNUP' });
          await mailLink(tx, email, {
            template: 'verify-signup',
            lang,
            name: user.firstName,
            page: 'verify',
            token,
            kind: 'verify-signup',
          });
          return { userId: user.id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('BADREQUESTERROR', 303);
        throw err;
      }
    },

    async verifySignup(token: string) {
      return accounts.transaction(async (tx) => {
        const link = await links.consume(tx, token, 'VERIFY_SIGNUP');
        const before = await accounts.userById(link.userId, tx);
        if (!before || before.deletedAt) throw new AppError('BADREQUESTERROR', 470);
        if (before.status !== 'UNVERIFIED') return { userId: before.id, clientCode: null };
        await accounts.markVerified(before.id, tx);
        await writeTrace(tx, {
          space: before.space,
          type: 'UPDATE',
          owner: before.id,
          module: 'account',
          section: 'verification',
          entityId: before.id,
          before: { status: before.status, verified: before.verified },
          after: { status: 'ACTIVE', verified: true },
        });
        // Requests sent anonymously with this e-mail stay anonymous: the owner claims them with a code
        // sent to the request's address (contract-requests.claim.ts), so nobody can plant one here.
        return { userId: before.id, clientCode: await associatePending(tx, before) };
      });
    },

    /** Same outcome whether or not the account exists; limited as `mayMail` says. */
    async resendVerification(rawEmail: string, ip = 'unknown') {
      const email = rawEmail.trim().toLowerCase();
      if (!(await mayMail('verify-resend', email, ip))) return;
      await accounts.transaction(async (tx) => {
        const user = await liveUserByEmail(tx, email);
        if (!user || user.status !== 'UNVERIFIED') return;
        const token = await links.issue(tx, { userId: user.id, purpose: 'VERIFY_SIGNUP' });
        await mailLink(tx, user.email, {
          template: 'verify-signup',
          lang: langOf(user.language),
          name: user.firstName,
          page: 'verify',
          token,
          kind: 'verify-signup',
        });
      });
    },

    /** Same outcome whether or not the account exists; limited as `mayMail` says. */
    async forgotPassword(rawEmail: string, ip = 'unknown', deviceTokens?: readonly string[]) {
      const email = rawEmail.trim().toLowerCase();
      const known = await liveUserByEmail(undefined, email);
      const ownDevice = known ? devices.deviceOf(known.id, deviceTokens) : null;
      if (!(await mayMail('password-forgot', email, ip, ownDevice))) return;
      await accounts.transaction(async (tx) => {
        const user = await liveUserByEmail(tx, email);
        if (!user || user.status !== 'ACTIVE') return;
        const token = await links.issue(tx, { userId: user.id, purpose: 'RESET_PASSWORD' });
        await mailLink(tx, user.email, {
          template: 'password-reset',
          lang: langOf(user.language),
          name: user.firstName,
          page: 'reset-password',
          token,
          kind: 'password-reset',
        });
      });
    },

    async resetPassword(token: string, password: string) {
      const passwordHash = await hashPassword(password);
      return accounts.transaction(async (tx) => {
        const link = await links.consume(tx, token, 'RESET_PASSWORD');
        const user = await accounts.userById(link.userId, tx);
        if (!user || user.deletedAt) throw new AppError('BADREQUESTERROR', 470);
        await setPassword(tx, user, passwordHash, 'recovery-link');
        return { userId: user.id };
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
