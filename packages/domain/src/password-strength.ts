import type { Language } from './errors';
import { isCommonPassword } from './validation/common-passwords';

export const PASSWORD_SCORE_THRESHOLDS = { veryWeak: 20, weak: 60, acceptable: 70, good: 90 } as const;

export type PasswordLevel = 'veryWeak' | 'weak' | 'acceptable' | 'good' | 'excellent';

export const PASSWORD_LEVEL_LABELS: Readonly<Record<Language, Readonly<Record<PasswordLevel, string>>>> = {
  es: {
    veryWeak: 'Muy débil',
    weak: 'Débil',
    acceptable: 'Aceptable',
    good: 'Buena',
    excellent: 'Excelente',
  },
  en: { veryWeak: 'Very weak', weak: 'Weak', acceptable: 'Acceptable', good: 'Good', excellent: 'Excellent' },
};

export interface PasswordStrength {
  score: number;
  level: PasswordLevel;
  percent: number;
  acceptable: boolean;
}

const COMMON_PASSWORD_MAX_SCORE = 5;
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];

const isLower = (c: string) => c >= 'a' && c <= 'z';
const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase();

/** Runs of three characters that follow the alphabet, the digits or a keyboard row, either way. */
function countSequences(password: string): number {
  const lower = password.toLowerCase();
  let count = 0;
  for (let i = 0; i + 2 < lower.length; i++) {
    const a = lower.charCodeAt(i);
    const b = lower.charCodeAt(i + 1);
    const c = lower.charCodeAt(i + 2);
    const stepped = (b - a === 1 && c - b === 1) || (a - b === 1 && b - c === 1);
    const triple = lower.slice(i, i + 3);
    const reversed = [...triple].reverse().join('');
    const onKeyboard = KEYBOARD_ROWS.some((row) => row.includes(triple) || row.includes(reversed));
    if (stepped || onKeyboard) count++;
  }
  return count;
}

/** Repeated characters: every occurrence of a character after its first one. */
function countRepeats(password: string): number {
  return password.length - new Set(password.toLowerCase()).size;
}

/** Adjacent characters of the same kind (lower-lower, upper-upper, digit-digit). */
function countConsecutiveSameClass(password: string): number {
  let count = 0;
  for (let i = 1; i < password.length; i++) {
    const a = password[i - 1];
    const b = password[i];
    if ((isLower(a) && isLower(b)) || (isUpper(a) && isUpper(b)) || (isDigit(a) && isDigit(b))) count++;
  }
  return count;
}

/**
 * A 0..100+ score: rewards length and mixing kinds of character, penalises letters or digits alone,
 * repeats, runs such as 'abc', '123' or 'qwe', and caps any password of the common list very low.
 */
export function passwordScore(pw: string): number {
  const chars = [...pw];
  const length = chars.length;
  if (length === 0) return 0;
  const lower = chars.filter(isLower).length;
  const upper = chars.filter(isUpper).length;
  const digits = chars.filter(isDigit).length;
  const symbols = length - lower - upper - digits;
  const letters = chars.filter(isLetter).length;
  const kinds = [lower, upper, digits, symbols].filter((n) => n > 0).length;

  let score = length * 4;
  if (upper > 0 && upper < length) score += (length - upper) * 2;
  if (lower > 0 && lower < length) score += (length - lower) * 2;
  if (digits > 0 && digits < length) score += digits * 4;
  score += symbols * 6;
  if (length >= 8 && kinds >= 3) score += (kinds + 1) * 2;

  if (letters === length || digits === length) score -= length;
  score -= countRepeats(pw);
  score -= countConsecutiveSameClass(pw) * 2;
  score -= countSequences(pw) * 3;

  score = Math.max(0, score);
  return isCommonPassword(pw) ? Math.min(score, COMMON_PASSWORD_MAX_SCORE) : score;
}

/** The spec's bands, literally: below 20, up to 60, below 70, below 90, the rest. */
export function passwordLevel(score: number): PasswordLevel {
  if (score < PASSWORD_SCORE_THRESHOLDS.veryWeak) return 'veryWeak';
  if (score <= PASSWORD_SCORE_THRESHOLDS.weak) return 'weak';
  if (score < PASSWORD_SCORE_THRESHOLDS.acceptable) return 'acceptable';
  if (score < PASSWORD_SCORE_THRESHOLDS.good) return 'good';
  return 'excellent';
}

/** Note: exactly 60 is both the top of 'weak' and acceptable (score ≥ 60), as the spec states. */
export function strengthFromScore(score: number): PasswordStrength {
  return {
    score,
    level: passwordLevel(score),
    percent: Math.min(100, (score / PASSWORD_SCORE_THRESHOLDS.acceptable) * 100),
    acceptable: score >= PASSWORD_SCORE_THRESHOLDS.weak,
  };
}

export function passwordStrength(pw: string): PasswordStrength {
  return strengthFromScore(passwordScore(pw));
}
