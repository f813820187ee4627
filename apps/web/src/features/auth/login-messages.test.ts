import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { loginMessageKey } from './login-messages';

const error = (status: number, name: string, reference = 0) =>
  new ApiError(status, { name, reference, message: '' });

describe('login messages', () => {
  it('chooses the message by the sign-in error', () => {
    expect(loginMessageKey(error(400, 'BADCREDENTIALSERROR', 490))).toBe('auth.login.errors.badCredentials');
    expect(loginMessageKey(error(400, 'USERNOTVERIFIEDERROR', 491))).toBe('auth.login.errors.notVerified');
    expect(loginMessageKey(error(400, 'USERNOTLOCKERROR', 492))).toBe('auth.login.errors.locked');
    expect(loginMessageKey(error(0, 'NETWORKERROR'))).toBe('auth.login.errors.network');
    expect(loginMessageKey(error(403, 'UNAUTHORIZEDERROR'))).toBe('auth.login.errors.unauthorized');
    expect(loginMessageKey(error(429, 'TOOMANYREQUESTSERROR'))).toBe('auth.login.errors.tooManyRequests');
    expect(loginMessageKey(error(500, 'INTERNALERROR'))).toBe('auth.login.errors.general');
    expect(loginMessageKey(new Error('boom'))).toBe('auth.login.errors.general');
  });
});
