import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminUserSchema,
  commercialOfficeSchema,
  emailMessageSchema,
  faqSchema,
  passwordResetSchema,
  profileFormSchema,
  profileUpdateSchema,
  searchQuerySchema,
  signinSchema,
  signupSchema,
} from './forms';

const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

/** A user id (ids are UUIDs). */
const U1 = '6f1c2b1e-0b7a-4c1e-9a3d-2f4b5c6d7e8f';
describe('signinSchema', () => {
  it('accepts a username or an e-mail in the email field', () => {
    expect(signinSchema.parse({ email: ' admin ', password: 'x' })).toEqual({
      email: 'admin',
      password: 'x',
    });
    expect(signinSchema.safeParse({ email: 'ana@gmail.com', password: 'secret' }).success).toBe(true);
  });

  it('requires both fields', () => {
    expect(issues(signinSchema, { email: '', password: '' })).toEqual([
      ['email', 'Requerido'],
      ['password', 'Requerido'],
    ]);
  });
});

describe('profileUpdateSchema', () => {
  it('accepts the fields the profile page sends, with null phone and e-mail', () => {
    const parsed = profileUpdateSchema.parse({
      firstName: 'Ana',
      phone: null,
      email: null,
      avatar: '/files/a.png',
    });
    expect(parsed).toEqual({ firstName: 'Ana', phone: null, email: null, avatar: '/files/a.png' });
  });

  it('requires firstName', () => {
    expect(issues(profileUpdateSchema, {})).toEqual([['firstName', 'Requerido']]);
  });

  it('refuses any other key', () => {
    const result = profileUpdateSchema.safeParse({ firstName: 'Ana', status: 'ACTIVE' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].code).toBe('unrecognized_keys');
  });

  it('checks the new password with the password rule', () => {
    expect(
      issues(profileUpdateSchema, {
        firstName: 'Ana',
        password: 'password',
        currentPassword: 'Vieja.Clave-1',
      }),
    ).toEqual([['password', 'La contraseña es demasiado común, es fácil de adivinar']]);
  });

  it('sets a new password only with the current one', () => {
    expect(issues(profileUpdateSchema, { firstName: 'Ana', password: 'Gato.Verde7' })).toEqual([
      ['currentPassword', 'Requerido'],
    ]);
    expect(
      profileUpdateSchema.safeParse({ firstName: 'Ana', password: 'Gato.Verde7', currentPassword: 'x' })
        .success,
    ).toBe(true);
  });
});

describe('profileFormSchema', () => {
  const form = {
    firstName: 'Ana',
    lastName: '',
    username: '',
    phone: '',
    email: 'ana@gmail.com',
    clientType: 'RESIDENTIAL',
    municipality: 2,
    password: '',
    confirmPassword: '',
  };

  it('accepts blank optional fields', () => {
    expect(profileFormSchema.safeParse(form).success).toBe(true);
  });

  it('requires clientType and municipality', () => {
    expect(issues(profileFormSchema, { ...form, clientType: undefined, municipality: undefined })).toEqual([
      ['clientType', 'Requerido'],
      ['municipality', 'Requerido'],
    ]);
  });

  it('checks a filled phone', () => {
    expect(issues(profileFormSchema, { ...form, phone: '53-5234' })).toEqual([
      ['phone', 'Teléfono no válido'],
    ]);
  });

  it('requires the confirmation to match the new password', () => {
    expect(
      issues(profileFormSchema, {
        ...form,
        currentPassword: 'Vieja.Clave-1',
        password: 'Gato.Verde7',
        confirmPassword: 'Gato.Verde8',
      }),
    ).toEqual([['confirmPassword', 'No coinciden las contraseñas']]);
    expect(
      profileFormSchema.safeParse({
        ...form,
        currentPassword: 'Vieja.Clave-1',
        password: 'Gato.Verde7',
        confirmPassword: 'Gato.Verde7',
      }).success,
    ).toBe(true);
  });
});

describe('signupSchema', () => {
  const signup = {
    firstName: 'Ana',
    lastName: 'Pérez',
    email: 'Ana@Gmail.com',
    phone: '+5352345678',
    password: 'Gato.Verde7',
    confirmPassword: 'Gato.Verde7',
    clientType: 'RESIDENTIAL',
    municipality: 9,
  };

  it('accepts a complete sign-up and normalises the e-mail', () => {
    expect(signupSchema.parse(signup).email).toBe('ana@gmail.com');
    expect(
      signupSchema.safeParse({ ...signup, clientCode: '0123456789012', clientCodeProof: 'CT-2019-000101' })
        .success,
    ).toBe(true);
  });

  it('asks for the ownership proof of a client code given at sign-up', () => {
    expect(issues(signupSchema, { ...signup, clientCode: '0123456789012' })).toEqual([
      ['clientCodeProof', 'Requerido'],
    ]);
  });

  it('rejects a client code that is not all digits', () => {
    expect(issues(signupSchema, { ...signup, clientCode: '12AB', clientCodeProof: 'x' })).toEqual([
      ['clientCode', 'Código de cliente no válido'],
    ]);
  });

  it('rejects a municipality that is not a positive integer', () => {
    expect(signupSchema.safeParse({ ...signup, municipality: 0 }).success).toBe(false);
    expect(signupSchema.safeParse({ ...signup, municipality: 1.5 }).success).toBe(false);
  });

  it('rejects mismatched passwords on the confirmation field', () => {
    expect(issues(signupSchema, { ...signup, confirmPassword: 'other' })).toEqual([
      ['confirmPassword', 'No coinciden las contraseñas'],
    ]);
  });
});

describe('adminUserSchema', () => {
  const user = {
    username: 'ana.perez',
    fullName: 'Ana Pérez González',
    nationalId: '85031512345',
    gender: 'F',
    country: 'Cuba',
    email: 'ana@gmail.com',
    municipality: 1,
    birthDate: '1985-03-15',
    address: 'Calle 23 No. 456, Vedado',
  };

  it('accepts a complete user and parses the birth date', () => {
    expect(adminUserSchema.parse(user).birthDate).toEqual(new Date(1985, 2, 15));
  });

  it('requires every field the spec names', () => {
    const paths = issues(adminUserSchema, {}).map(([path]) => path);
    expect(paths).toEqual([
      'username',
      'fullName',
      'nationalId',
      'gender',
      'country',
      'email',
      'municipality',
      'birthDate',
      'address',
    ]);
  });

  it('requires the person to be at least 16', () => {
    expect(issues(adminUserSchema, { ...user, birthDate: new Date() })).toEqual([
      ['birthDate', 'Debe tener al menos 16 años'],
    ]);
  });
});

describe('commercialOfficeSchema and faqSchema', () => {
  it('requires address, province and municipality and leaves the boss optional', () => {
    expect(
      commercialOfficeSchema.safeParse({
        name: 'Oficina Vedado',
        address: 'Calle 23 y L',
        province: 'La Habana',
        municipality: 2,
      }).success,
    ).toBe(true);
    expect(issues(commercialOfficeSchema, { name: 'Oficina Vedado' }).map(([path]) => path)).toEqual([
      'address',
      'province',
      'municipality',
    ]);
  });

  it('limits questions to 250 and answers to 500 characters', () => {
    expect(issues(faqSchema, { question: 'a'.repeat(251), answer: 'a'.repeat(501) })).toEqual([
      ['question', 'Máximo 250 caracteres'],
      ['answer', 'Máximo 500 caracteres'],
    ]);
  });
});

describe('passwordResetSchema', () => {
  it('requires a password unless it is auto-generated', () => {
    expect(issues(passwordResetSchema, { _id: U1 })).toEqual([['password', 'Requerido']]);
    expect(passwordResetSchema.safeParse({ _id: 'u1', autoGeneratePassword: true }).success).toBe(false);
    expect(passwordResetSchema.parse({ _id: U1, autoGeneratePassword: true })).toEqual({
      _id: U1,
      autoGeneratePassword: true,
      changePasswordRequire: false,
    });
    expect(
      passwordResetSchema.safeParse({ _id: U1, password: 'Gato.Verde7', changePasswordRequire: true })
        .success,
    ).toBe(true);
  });
});

describe('emailMessageSchema', () => {
  it('accepts chosen users and typed addresses', () => {
    const parsed = emailMessageSchema.parse({
      to: [{ _id: U1 }, { email: 'Ana@Gmail.com' }],
      subject: 'Aviso',
      body: 'Mañana no habrá servicio de agua.',
    });
    expect(parsed.to).toEqual([{ _id: U1 }, { email: 'ana@gmail.com' }]);
  });

  it('requires at least one recipient, a subject of 2 to 128 characters and a body up to 5000', () => {
    expect(emailMessageSchema.safeParse({ to: [], subject: 'Aviso', body: 'x' }).success).toBe(false);
    expect(emailMessageSchema.safeParse({ to: [{ _id: U1 }], subject: 'A', body: 'x' }).success).toBe(false);
    expect(
      emailMessageSchema.safeParse({ to: [{ _id: U1 }], subject: 'Aviso', body: 'x'.repeat(5000) }).success,
    ).toBe(true);
    expect(
      emailMessageSchema.safeParse({ to: [{ _id: U1 }], subject: 'Aviso', body: 'x'.repeat(5001) }).success,
    ).toBe(false);
    expect(emailMessageSchema.safeParse({ to: [{ name: 'x' }], subject: 'Aviso', body: 'x' }).success).toBe(
      false,
    );
  });
});

describe('searchQuerySchema', () => {
  it('defaults to page 1 of 10 with no filters', () => {
    expect(searchQuerySchema.parse({})).toEqual({ page: 1, size: 10, filters: [] });
  });

  it('accepts numbers as strings, filters and sort', () => {
    const parsed = searchQuerySchema.parse({
      page: '2',
      size: '999',
      search: ' ana ',
      filters: [{ type: 'RANGE', field: 'createdAt', from: '2026-01-01T00:00:00.000Z', to: 5, isDate: true }],
      sort: { createdAt: 'desc' },
    });
    expect(parsed.page).toBe(2);
    expect(parsed.size).toBe(999);
    expect(parsed.search).toBe('ana');
    expect(parsed.filters[0].type).toBe('RANGE');
    expect(parsed.sort).toEqual({ createdAt: 'desc' });
  });

  it('rejects out-of-range pages and sizes, unknown filter types and sort directions', () => {
    expect(searchQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ size: 0 }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ size: 1000 }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ search: 'a'.repeat(201) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ filters: [{ type: 'LIKE', field: 'x' }] }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ sort: { createdAt: 'up' } }).success).toBe(false);
  });
});
