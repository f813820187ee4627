import { adminUserSchema } from '@ov/domain/validation/forms';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { User } from '../types';
import { toUserFormValues, toUserPayload, type UserFormValues } from './user-form';

const values: UserFormValues = {
  username: ' rosa.valdes ',
  fullName: 'Rosa Valdés Ortega',
  nationalId: '85010112345',
  gender: 'F',
  country: 'Cuba',
  email: 'rosa.valdes@example.cu',
  municipality: 2,
  birthDate: dayjs('1985-01-01'),
  address: 'Calle 23 No. 456',
  phone: '',
  roles: ['COMMERCIAL_SPECIALIST'],
  version: 3,
};

describe('admin user form (spec §5)', () => {
  it('sends what adminUserSchema accepts: trimmed, date as YYYY-MM-DD, empty phone as null', () => {
    const payload = toUserPayload(values, true);
    expect(payload).toMatchObject({ username: 'rosa.valdes', birthDate: '1985-01-01', phone: null });
    expect(payload.roles).toEqual(['COMMERCIAL_SPECIALIST']);
    expect(adminUserSchema.safeParse(payload).success).toBe(true);
  });

  it('sends roles and the municipality scope only when the caller may assign them (ROLE:WRITE)', () => {
    expect(toUserPayload(values, false)).not.toHaveProperty('roles');
    expect(toUserPayload(values, false)).not.toHaveProperty('scopeMunicipality');
    expect(toUserPayload(values, true).scopeMunicipality).toBeNull();
    const scoped = toUserPayload({ ...values, scopeMunicipality: 4 }, true);
    expect(scoped.scopeMunicipality).toBe(4);
    expect(adminUserSchema.safeParse(scoped).success).toBe(true);
  });

  it('rejects a person of 16 or younger and a missing address', () => {
    const young = toUserPayload({ ...values, birthDate: dayjs().subtract(15, 'year') }, false);
    expect(adminUserSchema.safeParse(young).success).toBe(false);
    expect(adminUserSchema.safeParse({ ...toUserPayload(values, false), address: '' }).success).toBe(false);
  });

  it('fills the form from a user: address line, scope, role names, version, Cuba by default', () => {
    const user: User = {
      _id: 'u1',
      email: 'a@b.cu',
      fullName: 'Ana',
      status: 'ACTIVE',
      address: { municipality: 4, line: 'Calle 1', scopeMunicipality: 4 },
      roles: [{ role: { name: 'USER' } }],
      version: 7,
      birthDate: '1990-05-06',
    };
    const form = toUserFormValues(user);
    expect(form).toMatchObject({
      municipality: 4,
      scopeMunicipality: 4,
      address: 'Calle 1',
      roles: ['USER'],
      version: 7,
      country: 'Cuba',
    });
    expect(form.birthDate?.format('YYYY-MM-DD')).toBe('1990-05-06');
  });
});
