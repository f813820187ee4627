import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import {
  birthDateFromNationalId,
  birthDateSchema,
  cardNumberSchema,
  cvcSchema,
  descriptionSchema,
  emailSchema,
  expirySchema,
  isMinLessThanMax,
  isNotBeforeToday,
  isOverMinAge,
  isStartBeforeEnd,
  isValidExpiry,
  lettersAndNumbersSchema,
  lettersOnlySchema,
  nameSchema,
  nationalIdSchema,
  passwordSchema,
  phoneSchema,
  postalCodeSchema,
  splitFullName,
  textSchema,
  titleSchema,
  urlSchema,
} from './rules';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('emailSchema', () => {
  it('trims and lower-cases a valid address', () => {
    expect(emailSchema.parse('  Ana.Perez@Gmail.COM ')).toBe('ana.perez@gmail.com');
  });

  it('says Requerido for a missing or blank address', () => {
    expect(messages(emailSchema, undefined)).toEqual(['Requerido']);
    expect(messages(emailSchema, '   ')).toEqual(['Requerido']);
  });

  it('rejects malformed addresses', () => {
    for (const value of ['ana', 'ana@', '@gmail.com', 'ana@gmail', 'ana perez@gmail.com']) {
      expect(messages(emailSchema, value), value).toEqual(['Correo electrónico no válido']);
    }
  });
});

describe('phoneSchema', () => {
  it('accepts 6 to 15 digits with an optional leading +', () => {
    for (const value of ['123456', '+5352345678', '123456789012345', '+123456']) {
      expect(phoneSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('rejects other characters, a misplaced + and wrong lengths', () => {
    for (const value of [
      '12345',
      '1234567890123456',
      '53-52345678',
      '5352 3456',
      '53+52345678',
      '++535234567',
      'abcdefg',
    ]) {
      expect(messages(phoneSchema, value), value).toEqual(['Teléfono no válido']);
    }
  });
});

describe('passwordSchema', () => {
  it('accepts 8 to 64 characters that are not common', () => {
    expect(passwordSchema.safeParse('Gato.Verde7').success).toBe(true);
    expect(passwordSchema.safeParse('x9Kd2mPq').success).toBe(true);
    expect(passwordSchema.safeParse(`${'a'.repeat(63)}B`).success).toBe(true);
  });

  it('rejects passwords too short or too long', () => {
    expect(messages(passwordSchema, 'x9Kd2mP')).toEqual(['La contraseña debe tener al menos 8 caracteres']);
    expect(messages(passwordSchema, 'a'.repeat(65))).toEqual([
      'La contraseña no puede tener más de 64 caracteres',
    ]);
    expect(messages(passwordSchema, '')).toEqual(['Requerido']);
  });

  it('rejects common passwords whatever their case', () => {
    for (const value of ['password', 'PASSWORD', '12345678', 'Contraseña', 'qwerty123']) {
      expect(messages(passwordSchema, value), value).toEqual([
        'La contraseña es demasiado común, es fácil de adivinar',
      ]);
    }
  });

  it('ships a list of about 200 lower-case common passwords', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(200);
    expect(COMMON_PASSWORDS.every((pw) => pw === pw.toLowerCase())).toBe(true);
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('Gato.Verde7')).toBe(false);
  });
});

describe('nationalIdSchema', () => {
  it('accepts 11 digits whose first six are a real date', () => {
    expect(nationalIdSchema.safeParse('85031512345').success).toBe(true);
    expect(birthDateFromNationalId('85031512345')).toEqual(new Date(1985, 2, 15));
  });

  it('reads the century from the seventh digit', () => {
    expect(birthDateFromNationalId('05061067890')?.getFullYear()).toBe(2005);
    expect(birthDateFromNationalId('05061017890')?.getFullYear()).toBe(1905);
  });

  it('accepts 29 February only in leap years', () => {
    expect(nationalIdSchema.safeParse('00022967890').success).toBe(true);
    expect(nationalIdSchema.safeParse('01022967890').success).toBe(false);
  });

  it('rejects impossible dates and wrong lengths', () => {
    for (const value of [
      '85133112345',
      '85023012345',
      '85030012345',
      '8503151234',
      '850315123456',
      '8503151234a',
    ]) {
      expect(messages(nationalIdSchema, value), value).toEqual(['Carné de identidad no válido']);
    }
  });
});

describe('isOverMinAge and birthDateSchema', () => {
  const now = new Date(2026, 5, 15, 12);

  it('counts the 16th birthday itself as old enough', () => {
    expect(isOverMinAge(new Date(2010, 5, 15), now)).toBe(true);
    expect(isOverMinAge(new Date(2010, 5, 16), now)).toBe(false);
    expect(isOverMinAge('2010-06-14', now)).toBe(true);
  });

  it('takes another minimum age', () => {
    expect(isOverMinAge(new Date(2008, 5, 15), now, 18)).toBe(true);
    expect(isOverMinAge(new Date(2008, 5, 16), now, 18)).toBe(false);
  });

  it('is false for an invalid date', () => {
    expect(isOverMinAge('not a date', now)).toBe(false);
  });

  it('parses a date string to a Date', () => {
    expect(birthDateSchema.parse('1990-04-02')).toEqual(new Date(1990, 3, 2));
  });

  it('reports a missing, invalid or too recent birth date', () => {
    expect(messages(birthDateSchema, undefined)).toEqual(['Requerido']);
    expect(messages(birthDateSchema, '')).toEqual(['Requerido']);
    expect(messages(birthDateSchema, 'yesterday')).toEqual(['Fecha no válida']);
    expect(messages(birthDateSchema, new Date())).toEqual(['Debe tener al menos 16 años']);
  });
});

describe('length rules', () => {
  it('accepts names of 3 to 30 characters after trimming', () => {
    expect(nameSchema.parse('  Ana ')).toBe('Ana');
    expect(nameSchema.safeParse('a'.repeat(30)).success).toBe(true);
    expect(messages(nameSchema, 'Al')).toEqual(['Debe tener entre 3 y 30 caracteres']);
    expect(messages(nameSchema, 'a'.repeat(31))).toEqual(['Debe tener entre 3 y 30 caracteres']);
  });

  it('accepts text of 2 to 128 characters', () => {
    expect(textSchema.safeParse('ab').success).toBe(true);
    expect(textSchema.safeParse('a'.repeat(128)).success).toBe(true);
    expect(messages(textSchema, 'a')).toEqual(['Debe contener entre 2 y 128 caracteres']);
    expect(messages(textSchema, 'a'.repeat(129))).toEqual(['Debe contener entre 2 y 128 caracteres']);
  });

  it('limits descriptions to 500 characters by default, or another maximum', () => {
    expect(descriptionSchema().safeParse('a'.repeat(500)).success).toBe(true);
    expect(messages(descriptionSchema(), 'a'.repeat(501))).toEqual(['Máximo 500 caracteres']);
    expect(messages(descriptionSchema(250), 'a'.repeat(251))).toEqual(['Máximo 250 caracteres']);
    expect(messages(descriptionSchema(), '')).toEqual(['Requerido']);
  });

  it('limits titles to 98 characters', () => {
    expect(titleSchema.safeParse('a'.repeat(98)).success).toBe(true);
    expect(messages(titleSchema, 'a'.repeat(99))).toEqual(['El título no puede tener más de 98 caracteres']);
  });
});

describe('format rules', () => {
  it('accepts http and https URLs only', () => {
    expect(urlSchema.safeParse('https://www.acueductohabana.cu/pagos').success).toBe(true);
    expect(urlSchema.safeParse('http://example.com').success).toBe(true);
    for (const value of ['ftp://example.com', 'example.com', 'https://localhost', 'javascript:alert(1)']) {
      expect(messages(urlSchema, value), value).toEqual(['URL no válida']);
    }
  });

  it('allows letters with accents and ñ in letters-only fields, not digits or symbols', () => {
    expect(lettersOnlySchema.safeParse('José Muñoz Güell').success).toBe(true);
    expect(messages(lettersOnlySchema, 'Calle 23')).toEqual(['Solo se permiten letras']);
    expect(lettersAndNumbersSchema.safeParse('Calle 23 Año').success).toBe(true);
    expect(messages(lettersAndNumbersSchema, 'Calle #23')).toEqual(['Solo se permiten letras y números']);
  });

  it('accepts five-digit postal codes', () => {
    expect(postalCodeSchema.safeParse('10400').success).toBe(true);
    expect(messages(postalCodeSchema, '1040')).toEqual(['Código postal no válido']);
    expect(messages(postalCodeSchema, '104000')).toEqual(['Código postal no válido']);
  });

  it('checks card numbers with the Luhn algorithm', () => {
    expect(cardNumberSchema.safeParse('4111 1111 1111 1111').success).toBe(true);
    expect(cardNumberSchema.safeParse('9225-9598-7654-3212').success).toBe(false);
    expect(messages(cardNumberSchema, '4111111111111112')).toEqual(['Número de tarjeta no válido']);
    expect(messages(cardNumberSchema, '411111111111')).toEqual(['Número de tarjeta no válido']);
  });

  it('accepts an expiry up to the last day of its month', () => {
    const now = new Date(2026, 5, 30, 23);
    expect(isValidExpiry('06/26', now)).toBe(true);
    expect(isValidExpiry('06/2026', now)).toBe(true);
    expect(isValidExpiry('05/26', now)).toBe(false);
    expect(isValidExpiry('13/27', now)).toBe(false);
    expect(isValidExpiry('00/27', now)).toBe(false);
    expect(messages(expirySchema, '1/30')).toEqual(['Fecha de vencimiento no válida']);
  });

  it('accepts a CVC of 3 or 4 digits', () => {
    expect(cvcSchema.safeParse('123').success).toBe(true);
    expect(cvcSchema.safeParse('1234').success).toBe(true);
    expect(messages(cvcSchema, '12')).toEqual(['Código de seguridad (CVC) no válido']);
    expect(messages(cvcSchema, '12a')).toEqual(['Código de seguridad (CVC) no válido']);
  });
});

describe('comparison rules', () => {
  it('requires the start strictly before the end', () => {
    expect(isStartBeforeEnd('2026-01-01', '2026-01-02')).toBe(true);
    expect(isStartBeforeEnd('2026-01-02', '2026-01-02')).toBe(false);
  });

  it('accepts today but not yesterday', () => {
    const now = new Date(2026, 5, 15, 18);
    expect(isNotBeforeToday(new Date(2026, 5, 15, 0), now)).toBe(true);
    expect(isNotBeforeToday(new Date(2026, 5, 14, 23, 59), now)).toBe(false);
  });

  it('requires the minimum strictly less than the maximum', () => {
    expect(isMinLessThanMax(1, 2)).toBe(true);
    expect(isMinLessThanMax(2, 2)).toBe(false);
  });
});

describe('splitFullName', () => {
  it('takes the last two words as surnames, keeps an unchanged split, and a single word as a first name', () => {
    expect(splitFullName('Ana María Pérez González')).toEqual({
      firstName: 'Ana María',
      lastName: 'Pérez González',
    });
    expect(splitFullName('Ana Pérez')).toEqual({ firstName: 'Ana', lastName: 'Pérez' });
    expect(splitFullName(' Hotel ')).toEqual({ firstName: 'Hotel', lastName: null });
    const current = { firstName: 'María de los Ángeles', lastName: 'Pérez' };
    expect(splitFullName('María de los Ángeles Pérez', current)).toEqual(current);
  });
});
