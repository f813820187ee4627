import { type SigninInput, signinSchema } from '@ov/domain/validation/forms';
import { describe, expect, it } from 'vitest';
import { zodMessage } from '../../components/form/zod-rule';
import { signinChecks } from './signin-checks';

const values: SigninInput = { email: '', password: '' };

describe('sign-in checks without zod', () => {
  it('give the domain schema’s messages, in Spanish and English', () => {
    const emails = ['', ' ', '   \t', 'maria.perez@example.cu', 'maria', '  maria  ', 'x'.repeat(400)];
    const passwords = ['', ' ', 'a', 'Demo.Oficina.2026', 'x'.repeat(256), 'x'.repeat(257), 'x'.repeat(1000)];
    for (const lang of ['es', 'en']) {
      const checks = signinChecks(lang);
      for (const email of emails) {
        expect(checks.email?.(email, values), JSON.stringify(email)).toBe(
          zodMessage(signinSchema.shape.email, email, lang),
        );
      }
      for (const password of passwords) {
        expect(checks.password?.(password, values), `${password.length} characters`).toBe(
          zodMessage(signinSchema.shape.password, password, lang),
        );
      }
    }
    expect(signinChecks('es').email?.('', values)).toBe('Requerido');
    expect(signinChecks('en').password?.('', values)).toBe('Required');
  });
});
