import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software (WebAuthn level 3, "none" attestation, ES256), for API tests:
 * it answers the options the API hands out as a browser and a platform authenticator would.
 */
export function createSoftwareAuthenticator({
  origin = 'http://localhost:3000',
  rpId = 'localhost',
}: {
  origin?: string;
  rpId?: string;
} = {}) {
  const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
  const rpIdHash = createHash('sha256').update(rpId).digest();
  const credentials = new Map<string, { key: KeyObject; userHandle: string; counter: number }>();

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** navigator.credentials.create(): the registration response for `options`. */
    create(options: Record<string, unknown>, { userVerified = true } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      );
      const credentialId = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const flags = 0x01 | (userVerified ? 0x04 : 0) | 0x40;
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([flags]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(cose),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      const user = options.user as { id: string };
      const id = b64(credentialId);
      credentials.set(id, { key: privateKey, userHandle: user.id, counter: 0 });
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge as string)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** navigator.credentials.get(): an assertion by `credentialId` (default: the first one) for `options`. */
    get(options: Record<string, unknown>, credentialId?: string, { userVerified = true } = {}) {
      const id = credentialId ?? [...credentials.keys()][0]!;
      const credential = credentials.get(id);
      if (!credential) throw new Error('no such credential');
      credential.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x01 | (userVerified ? 0x04 : 0)]), counter]);
      const data = clientData('webauthn.get', options.challenge as string);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, createHash('sha256').update(data).digest()]),
        credential.key,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },

    credentialIds: () => [...credentials.keys()],
  };
}
