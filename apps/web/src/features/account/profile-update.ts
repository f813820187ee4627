import type { ProfileUpdateInput } from '@ov/domain/validation/forms';

export interface ProfileFormValues {
  firstName: string;
  lastName?: string;
  username?: string;
  phone?: string;
  email?: string;
  clientType?: string | null;
  municipality?: number | null;
  currentPassword?: string;
  password?: string;
  confirmPassword?: string;
}

const filled = (value: string | undefined | null) => (value ?? '').trim();

/**
 * Spec §5 save semantics: only avatar, firstName, lastName, username, phone, email and password are
 * sent; an empty phone or e-mail goes as null; the password only when filled, with the current one. Optional names left
 * blank are not sent (the API keeps them).
 */
export function toProfileUpdate(values: ProfileFormValues, avatar: string): ProfileUpdateInput {
  const body: ProfileUpdateInput = {
    avatar,
    firstName: filled(values.firstName),
    phone: filled(values.phone) || null,
    email: filled(values.email).toLowerCase() || null,
  };
  const lastName = filled(values.lastName);
  if (lastName) body.lastName = lastName;
  const username = filled(values.username);
  if (username) body.username = username;
  if (values.password) {
    body.password = values.password;
    body.currentPassword = values.currentPassword ?? '';
  }
  return body;
}
