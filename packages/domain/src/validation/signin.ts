import { validationMessage } from './messages';

/** The longest password the sign-in accepts (`signinSchema` in forms.ts uses it too). */
export const SIGNIN_PASSWORD_MAX = 256;

/**
 * The sign-in form's checks, `signinSchema`'s rules without zod: the form is the sign-in page's first
 * screen on a phone, and evaluating zod and the domain's schemas took one main-thread task of
 * 80–120 ms (4× CPU) after the page was painted (docs/web-performance.md). This module imports no zod,
 * so the page can use it; the web's signin-checks test compares its answers with the schema's.
 * - e-mail or username: required (blank once trimmed → "Requerido");
 * - password: 1 to SIGNIN_PASSWORD_MAX characters, any failure "Requerido" (the schema's one message).
 */
export function signinChecks(language: string): {
  email: (value: unknown) => string | undefined;
  password: (value: unknown) => string | undefined;
} {
  const lang = language === 'en' ? 'en' : 'es';
  const required = validationMessage('required', undefined, lang);
  return {
    email: (value) => (typeof value !== 'string' || value.trim() === '' ? required : undefined),
    password: (value) =>
      typeof value !== 'string' || value === '' || value.length > SIGNIN_PASSWORD_MAX ? required : undefined,
  };
}
