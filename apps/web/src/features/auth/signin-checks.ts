import type { SigninInput } from '@ov/domain/validation/forms';
import { validationMessage } from '@ov/domain/validation/messages';
import type { FieldChecks } from '../../components/form-kit/use-form';

/** The longest password the sign-in accepts (the domain's `signinSchema`). */
const PASSWORD_MAX = 256;

/**
 * The sign-in form's checks, the domain's `signinSchema` rules written out without zod: the form is
 * the sign-in page's first screen on a phone, and evaluating zod and the domain's schemas took one
 * main-thread task of 80–120 ms (4× CPU) after the page was painted (docs/web-performance.md). The
 * messages are the schema's own (signin-checks.test.ts compares them with zod's answers).
 * - e-mail or username: required (blank once trimmed → "Requerido");
 * - password: 1 to 256 characters, any failure "Requerido" (the schema's one message).
 */
export function signinChecks(language: string): FieldChecks<SigninInput> {
  const lang = language === 'en' ? 'en' : 'es';
  const required = validationMessage('required', undefined, lang);
  return {
    email: (value) => (typeof value !== 'string' || value.trim() === '' ? required : undefined),
    password: (value) =>
      typeof value !== 'string' || value === '' || value.length > PASSWORD_MAX ? required : undefined,
  };
}
