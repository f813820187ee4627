import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { AppError, TOKEN_EXPIRATION_MS } from '@ov/domain';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  space: string;
  /** Issued-at in milliseconds (JWT's own `iat` is whole seconds, too coarse for session cut-offs). */
  issuedAtMs?: number;
  /** The sign-in (refresh-token family) the token belongs to: signing out ends its access tokens. */
  sid?: string;
  /** A sign-in whose second step is still owed (issue 30): it reaches only the second-step routes. */
  stage?: SecondFactorStage;
}

/** What a sign-in still owes: a factor to present (`verify`) or one to set up (`enrol`). */
export type SecondFactorStage = 'verify' | 'enrol';

/** How many verified access tokens are remembered (≈ the users active within one token's lifetime). */
const VERIFIED_CACHE_MAX = 50_000;

export function createTokenSigner(secret: string, accessTtlMs = TOKEN_EXPIRATION_MS) {
  // A KeyObject, so that jose does not import the secret again on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Verifying is a pure function of the token and the secret: a token once verified is remembered
  // until it expires (HMAC through WebCrypto was ≈13 % of an authenticated call's CPU under load).
  // Whether its user may still act (blocked, signed out everywhere) is checked on every request
  // against the principal (plugins/access.ts), not here.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAtMs: number) => {
    if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    accessTtlMs,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({
        space: claims.space,
        typ: 'access',
        iat_ms: Date.now(),
        ...(claims.sid ? { sid: claims.sid } : {}),
        ...(claims.stage ? { sf: claims.stage } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(new Date(Date.now() + accessTtlMs))
        .sign(key);
    },
    /** Throws AUTHENTICATIONERROR for anything but a valid, unexpired access token. */
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (
          payload.typ !== 'access' ||
          typeof payload.sub !== 'string' ||
          typeof payload.space !== 'string'
        ) {
          throw new Error('not an access token');
        }
        const issuedAtMs =
          typeof payload.iat_ms === 'number'
            ? payload.iat_ms
            : typeof payload.iat === 'number'
              ? payload.iat * 1000
              : 0;
        const claims: AccessClaims = {
          sub: payload.sub,
          space: payload.space,
          issuedAtMs,
          ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
          ...(payload.sf === 'verify' || payload.sf === 'enrol' ? { stage: payload.sf } : {}),
        };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        throw new AppError('AUTHENTICATIONERROR', 0);
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
