import { profileUpdateSchema } from '@ov/domain/validation/forms';
import { describe, expect, it } from 'vitest';
import { toProfileUpdate } from './profile-update';

describe('profile save (spec §5)', () => {
  it('sends only the listed fields, empty phone and e-mail as null, no password when blank', () => {
    const body = toProfileUpdate(
      {
        firstName: ' Ana ',
        lastName: 'Pérez',
        username: '',
        phone: '',
        email: '',
        clientType: 'RESIDENTIAL',
        municipality: 3,
        password: '',
        confirmPassword: '',
      },
      '',
    );
    expect(body).toEqual({ avatar: '', firstName: 'Ana', lastName: 'Pérez', phone: null, email: null });
    expect(Object.keys(body)).not.toContain('clientType');
    expect(Object.keys(body)).not.toContain('password');
  });

  it('sends the password only when filled, and the API schema accepts the body', () => {
    const body = toProfileUpdate(
      {
        firstName: 'Ana',
        phone: '+5355512345',
        email: 'Ana@Gmail.com',
        currentPassword: 'Vedado.Linea-23',
        password: 'Rio-Almendares-7',
        confirmPassword: 'Rio-Almendares-7',
      },
      '/api/files/images/00000000-0000-4000-8000-000000000000.webp',
    );
    expect(body.password).toBe('Rio-Almendares-7');
    expect(body.currentPassword).toBe('Vedado.Linea-23');
    expect(body.email).toBe('ana@gmail.com');
    expect(Object.keys(body).sort()).toEqual([
      'avatar',
      'currentPassword',
      'email',
      'firstName',
      'password',
      'phone',
    ]);
    expect(profileUpdateSchema.safeParse(body).success).toBe(true);
    // Without the current password the shared rule refuses the change.
    expect(profileUpdateSchema.safeParse({ ...body, currentPassword: '' }).success).toBe(false);
  });
});
