import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a token it signed, again and again, with the same claims', async () => {
    const signer = createTokenSigner('a-secret-of-the-test-only-0123456789');
    const token = await signer.sign({ sub: 'u1', space: 'ahab' });
    const first = await signer.verify(token);
    expect(first).toMatchObject({ sub: 'u1', space: 'ahab' });
    expect(await signer.verify(token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const signer = createTokenSigner('a-secret-of-the-test-only-0123456789', 60_000);
    const token = await signer.sign({ sub: 'u1', space: 'ahab' });
    await signer.verify(token);
    vi.setSystemTime(new Date('2026-11-22T10:00:59Z'));
    await expect(signer.verify(token)).resolves.toMatchObject({ sub: 'u1' });
    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    await expect(signer.verify(token)).rejects.toMatchObject({ name: 'AUTHENTICATIONERROR' });
  });

  it('refuses a token signed with another secret or altered', async () => {
    const signer = createTokenSigner('a-secret-of-the-test-only-0123456789');
    const other = createTokenSigner('another-secret-of-the-test-0123456789');
    const token = await other.sign({ sub: 'u1', space: 'ahab' });
    await other.verify(token);
    await expect(signer.verify(token)).rejects.toMatchObject({ name: 'AUTHENTICATIONERROR' });
    const mine = await signer.sign({ sub: 'u1', space: 'ahab' });
    await signer.verify(mine);
    const [header, payload, signature] = mine.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'admin' }),
    ).toString('base64url');
    await expect(signer.verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({
      name: 'AUTHENTICATIONERROR',
    });
  });
});
