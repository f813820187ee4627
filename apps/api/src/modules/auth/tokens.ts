import { createHash, randomBytes } from 'node:crypto';
import { AppError, TOKEN_EXPIRATION_MS } from '@ov/domain';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  space: string;
  /** Issued-at in milliseconds (JWT's own `iat` is whole seconds, too coarse for session cut-offs). */
  issuedAtMs?: number;
}

export function createTokenSigner(secret: string, accessTtlMs = TOKEN_EXPIRATION_MS) {
  const key = new TextEncoder().encode(secret);
  return {
    accessTtlMs,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ space: claims.space, typ: 'access', iat_ms: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(new Date(Date.now() + accessTtlMs))
        .sign(key);
    },
    /** Throws AUTHENTICATIONERROR for anything but a valid, unexpired access token. */
    async verify(token: string): Promise<AccessClaims> {
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
        return { sub: payload.sub, space: payload.space, issuedAtMs };
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
