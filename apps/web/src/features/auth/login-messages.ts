import { isApiError } from '../../lib/api-error';

export type LoginMessageKey =
  | 'auth.login.errors.badCredentials'
  | 'auth.login.errors.notVerified'
  | 'auth.login.errors.locked'
  | 'auth.login.errors.network'
  | 'auth.login.errors.unauthorized'
  | 'auth.login.errors.tooManyRequests'
  | 'auth.login.errors.general';

/** The spec's login messages, chosen by the error the sign-in call answered with. */
export function loginMessageKey(error: unknown): LoginMessageKey {
  if (!isApiError(error)) return 'auth.login.errors.general';
  switch (error.name) {
    case 'BADCREDENTIALSERROR':
      return 'auth.login.errors.badCredentials';
    case 'USERNOTVERIFIEDERROR':
      return 'auth.login.errors.notVerified';
    case 'USERNOTLOCKERROR':
      return 'auth.login.errors.locked';
    case 'NETWORKERROR':
      return 'auth.login.errors.network';
    case 'TOOMANYREQUESTSERROR':
      return 'auth.login.errors.tooManyRequests';
    case 'UNAUTHORIZEDERROR':
    case 'AUTHENTICATIONERROR':
      return 'auth.login.errors.unauthorized';
    default:
      return error.status === 401 || error.status === 403
        ? 'auth.login.errors.unauthorized'
        : 'auth.login.errors.general';
  }
}
