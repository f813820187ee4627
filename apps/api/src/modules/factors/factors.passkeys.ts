import { AppError } from '@ov/domain';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FactorsRepository } from './factors.repository';

const CHALLENGE_MS = 5 * 60_000;

export interface RelyingParty {
  /** The host name passkeys are bound to (PUBLIC_URL's). */
  id: string;
  name: string;
  /** The page origins a ceremony may come from. */
  origins: string[];
}

/** The relying party from the configuration (see WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS in config.ts). */
export function relyingPartyOf(config: {
  publicUrl: string;
  NODE_ENV: string;
  WEBAUTHN_RP_ID?: string;
  WEBAUTHN_ORIGINS?: string;
}): RelyingParty {
  const url = new URL(config.publicUrl);
  const ipHost = /^[\d.]+$|^\[/.test(url.hostname);
  const local = ipHost && config.NODE_ENV !== 'production';
  const id = config.WEBAUTHN_RP_ID ?? (local ? 'localhost' : url.hostname);
  const origins = config.WEBAUTHN_ORIGINS
    ? config.WEBAUTHN_ORIGINS.split(',').map((o) => o.trim())
    : [url.origin, ...(local ? [`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`] : [])];
  return { id, name: 'Oficina Virtual — Aguas de La Habana', origins };
}

const asBytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));

/** The WebAuthn ceremonies (@simplewebauthn/server): challenges kept once, credentials in passkeys. */
export function createPasskeyCeremonies({ factors, rp }: { factors: FactorsRepository; rp: RelyingParty }) {
  return {
    rp,

    async registrationOptions(userId: string) {
      const person = await factors.person(userId);
      if (!person) throw new AppError('AUTHENTICATIONERROR', 0);
      const existing = await factors.passkeysOf(userId);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: person.email,
        userDisplayName: person.firstName,
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await factors.pruneChallenges();
      const challengeId = await factors.insertChallenge({
        userId,
        purpose: 'register',
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    async register(userId: string, challengeId: string, response: unknown, name: string) {
      const challenge = await factors.takeChallenge(challengeId, 'register');
      if (!challenge || challenge.userId !== userId) throw new AppError('BADREQUESTERROR', 616);
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        throw new AppError('BADREQUESTERROR', 613);
      }
      if (!verification.verified) throw new AppError('BADREQUESTERROR', 613);
      const { credential } = verification.registrationInfo;
      if (await factors.passkeyByCredential(credential.id)) throw new AppError('BADREQUESTERROR', 613);
      const row = await factors.insertPasskey({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name.trim(),
      });
      return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
    },

    /** Options to present a passkey: the user's own (second step) or any (sign-in without a name). */
    async authenticationOptions(userId: string | null) {
      const allow = userId ? await factors.passkeysOf(userId) : [];
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        ...(userId
          ? { allowCredentials: allow.map((k) => ({ id: k.credentialId, transports: k.transports })) }
          : {}),
      });
      await factors.pruneChallenges();
      const challengeId = await factors.insertChallenge({
        userId,
        purpose: 'signin',
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    /** The credential id an assertion names (to find its account before verifying). */
    credentialIdOf(response: unknown): string | null {
      const id = (response as { id?: unknown } | null)?.id;
      return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : null;
    },

    /**
     * Verifies an assertion against its challenge (spent either way); answers the passkey's owner, or
     * null when it does not hold. `userId`: the account the challenge was made for, if any.
     */
    async authenticate(challengeId: string, response: unknown, userId: string | null) {
      const challenge = await factors.takeChallenge(challengeId, 'signin');
      if (!challenge || challenge.userId !== userId) throw new AppError('BADREQUESTERROR', 616);
      const credentialId = this.credentialIdOf(response);
      const key = credentialId ? await factors.passkeyByCredential(credentialId) : undefined;
      if (!key || (userId && key.userId !== userId)) return null;
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          credential: {
            id: key.credentialId,
            publicKey: asBytes(key.publicKey),
            counter: key.counter,
            transports: key.transports as never,
          },
          requireUserVerification: true,
        });
        if (!result.verified) return null;
        await factors.passkeyUsed(key.id, result.authenticationInfo.newCounter);
        return key.userId;
      } catch {
        return null;
      }
    },
  };
}
export type PasskeyCeremonies = ReturnType<typeof createPasskeyCeremonies>;
