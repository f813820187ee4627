import dayjs from 'dayjs';
import { z } from 'zod';
import { MIN_AGE } from '../constants';
import { isCommonPassword } from './common-passwords';
import { validationMessage as msg } from './messages';

const REQUIRED = msg('required');

/** A string that must be present and non-blank once trimmed; a non-string reads as invalid. */
export const requiredString = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : msg('invalidValue')),
    })
    .trim()
    .min(1, { error: REQUIRED, abort: true });

export const EMAIL_PATTERN = z.regexes.email;
export const PHONE_PATTERN = /^\+?\d{6,15}$/;
/** Letters of Spanish (accents, ü and ñ) and spaces. */
export const LETTERS_ONLY_PATTERN = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/;
export const LETTERS_AND_NUMBERS_PATTERN = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9 ]+$/;
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const CLIENT_CODE_PATTERN = /^\d+$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export const emailSchema = requiredString().toLowerCase().regex(EMAIL_PATTERN, msg('invalidEmail'));

export const phoneSchema = requiredString().regex(PHONE_PATTERN, msg('invalidPhone'));

export const passwordSchema = z
  .string({ error: REQUIRED })
  .min(1, { error: REQUIRED, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: msg('passwordTooShort', { min: PASSWORD_MIN_LENGTH }), abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: msg('passwordTooLong', { max: PASSWORD_MAX_LENGTH }), abort: true })
  .refine((password) => !isCommonPassword(password), msg('passwordTooCommon'));

export const usernameSchema = requiredString().regex(USERNAME_PATTERN, msg('invalidUsername'));

export const clientCodeSchema = requiredString().regex(CLIENT_CODE_PATTERN, msg('invalidClientCode'));

/** Cuban national ID digit 7 gives the century of birth: 9 → 1800s, 0–5 → 1900s, 6–8 → 2000s. */
function centuryOf(digit: number): number {
  if (digit === 9) return 1800;
  return digit <= 5 ? 1900 : 2000;
}

/** The birth date encoded in a Cuban carné de identidad (YYMMDD + century digit), or undefined. */
export function birthDateFromNationalId(id: string): Date | undefined {
  if (!/^\d{11}$/.test(id)) return undefined;
  const year = centuryOf(Number(id[6])) + Number(id.slice(0, 2));
  const month = Number(id.slice(2, 4));
  const day = Number(id.slice(4, 6));
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  const matches = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return matches ? date : undefined;
}

export function isValidNationalId(id: string): boolean {
  return birthDateFromNationalId(id) !== undefined;
}

export const nationalIdSchema = requiredString().refine(isValidNationalId, msg('invalidNationalId'));

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : dayjs(value).toDate();
}

const isValidDate = (date: Date) => !Number.isNaN(date.getTime());

/** True when the person born on `birth` has turned `minAge` by `now` (birthday included). */
export function isOverMinAge(
  birth: Date | string,
  now: Date = new Date(),
  minAge: number = MIN_AGE,
): boolean {
  const born = dayjs(toDate(birth));
  if (!born.isValid()) return false;
  return !born.startOf('day').add(minAge, 'year').isAfter(dayjs(now));
}

/** A birth date (Date or ISO string) of someone at least MIN_AGE years old; parses to a Date. */
export const birthDateSchema = z
  .union([z.string(), z.date()], { error: REQUIRED })
  .superRefine((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
    } else if (!isValidDate(toDate(value))) {
      ctx.addIssue({ code: 'custom', message: msg('invalidDate') });
    } else if (!isOverMinAge(value)) {
      ctx.addIssue({ code: 'custom', message: msg('minAge', { min: MIN_AGE }) });
    }
  })
  .transform(toDate);

export const nameSchema = requiredString()
  .min(3, msg('nameLength', { min: 3, max: 30 }))
  .max(30, msg('nameLength', { min: 3, max: 30 }));

export const textSchema = requiredString()
  .min(2, msg('textLength', { min: 2, max: 128 }))
  .max(128, msg('textLength', { min: 2, max: 128 }));

export const descriptionSchema = (max = 500) => requiredString().max(max, msg('maxDescription', { max }));

export const titleSchema = requiredString().max(98, msg('maxTitle', { max: 98 }));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const urlSchema = requiredString().refine(isHttpUrl, msg('invalidUrl'));

export const lettersOnlySchema = requiredString().regex(LETTERS_ONLY_PATTERN, msg('lettersOnly'));

export const lettersAndNumbersSchema = requiredString().regex(
  LETTERS_AND_NUMBERS_PATTERN,
  msg('lettersAndNumbers'),
);

export const postalCodeSchema = requiredString().regex(POSTAL_CODE_PATTERN, msg('invalidPostalCode'));

/** Luhn check over 13–19 digits; spaces and dashes are ignored. */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' or 'MM/YYYY', valid through the last day of that month. */
export function isValidExpiry(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return false;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return !dayjs(new Date(year, month - 1, 1))
    .endOf('month')
    .isBefore(dayjs(now));
}

export const isValidCvc = (value: string): boolean => /^\d{3,4}$/.test(value);

export const cardNumberSchema = requiredString().refine(isValidCardNumber, msg('invalidCard'));
export const expirySchema = requiredString().refine((value) => isValidExpiry(value), msg('invalidExpiry'));
export const cvcSchema = requiredString().refine(isValidCvc, msg('invalidCvc'));

export function isStartBeforeEnd(start: Date | string, end: Date | string): boolean {
  return dayjs(toDate(start)).isBefore(dayjs(toDate(end)));
}

export function isNotBeforeToday(date: Date | string, now: Date = new Date()): boolean {
  return !dayjs(toDate(date)).isBefore(dayjs(now).startOf('day'));
}

export const isMinLessThanMax = (min: number, max: number): boolean => min < max;

/** Accepts '' (the field left blank) or a value valid for `schema`, reporting the schema's own messages. */
export const blankOr = (schema: z.ZodType<unknown, string>) =>
  z.string({ error: msg('invalidValue') }).superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    }
  });

/**
 * A full name as first name(s) and surnames (Spanish use: the last two words are the surnames when
 * there are three or more; "Ana Pérez" is one of each; a single word is a first name). An unchanged
 * full name keeps the stored split: pass the current parts as `current`.
 */
export function splitFullName(
  full: string,
  current?: { firstName?: string | null; lastName?: string | null },
): { firstName: string; lastName: string | null } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const composed = [current?.firstName, current?.lastName].filter(Boolean).join(' ');
  if (current && composed === words.join(' '))
    return { firstName: current.firstName ?? '', lastName: current.lastName ?? null };
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: null };
  const surnames = words.length >= 3 ? 2 : 1;
  return { firstName: words.slice(0, -surnames).join(' '), lastName: words.slice(-surnames).join(' ') };
}
