import type { PasswordResetInput } from '@ov/domain/validation/forms';
import { api } from '../../../lib/api-client';

/** `POST /api/users/password-reset`; an auto-generated password is e-mailed to the user. */
export function resetPassword(input: PasswordResetInput): Promise<{ ok: boolean; mailed: boolean }> {
  return api.post<{ ok: boolean; mailed: boolean }>('/users/password-reset', input);
}
