import { signinSchema } from '@ov/domain/validation/forms';
import { signinChecks } from '@ov/domain/validation/signin';
import { describe, expect, it } from 'vitest';
import { zodMessage } from '../../components/form/zod-rule';

describe('sign-in checks without zod', () => {
  it('give the domain schema’s messages, in Spanish and English', () => {
    const emails = ['', ' ', '   \t', 'maria.perez@example.cu', 'maria', '  maria  ', 'x'.repeat(400)];
    const passwords = ['', ' ', 'a', 'Demo.Oficina.2026', 'x'.repeat(256), 'x'.repeat(257), 'x'.repeat(1000)];
    for (const lang of ['es', 'en']) {
      const checks = signinChecks(lang);
      for (const email of emails) {
        expect(checks.email?.(email), JSON.stringify(email)).toBe(
          zodMessage(signinSchema.shape.email, email, lang),
        );
      }
      for (const password of passwords) {
        expect(checks.password?.(password), `${password.length} characters`).toBe(
          zodMessage(signinSchema.shape.password, password, lang),
        );
      }
    }
    expect(signinChecks('es').email?.('')).toBe('Requerido');
    expect(signinChecks('en').password?.('')).toBe('Required');
  });
});
