import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a sealed authenticator-app secret; a base32 secret (legacy, plain) never contains ':'. */
const SEALED = 'enc:v1:';

/**
 * Authenticator-app secrets at rest (issue 30): AES-256-GCM under a key derived (HKDF-SHA256) from
 * FACTORS_ENCRYPTION_KEY, bound to the person's id so a value copied onto another row does not open.
 * Rows written before this (plain base32) still open, marked `legacy` so the caller re-seals them.
 */
export function createSecretBox(keyMaterial: string) {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'ov-factors', 'totp-secret v1', 32));
  return {
    seal(userId: string, secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `${SEALED}${parts.join('.')}`;
    },

    /** The secret, or null when the value does not open with this key (tampered, or another key). */
    open(userId: string, stored: string): { secret: string; legacy: boolean } | null {
      if (!stored.startsWith(SEALED)) return { secret: stored, legacy: true };
      const [iv, tag, body] = stored
        .slice(SEALED.length)
        .split('.')
        .map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(tag);
        return {
          secret: Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
          legacy: false,
        };
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
