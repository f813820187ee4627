import { describe, expect, it } from 'vitest';
import { generatePassword } from './generate-password';
import { passwordSchema } from './rules';

describe('generatePassword', () => {
  it('makes 8-character passwords with lower, upper and digit that pass the password rule', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(8);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(passwordSchema.safeParse(password).success).toBe(true);
    }
  });

  it('makes passwords of the requested length', () => {
    expect(generatePassword(12)).toHaveLength(12);
    expect(generatePassword(64)).toHaveLength(64);
  });

  it('does not repeat itself', () => {
    const passwords = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(passwords.size).toBe(100);
  });

  it('refuses a length the password rule would reject', () => {
    expect(() => generatePassword(7)).toThrow(RangeError);
    expect(() => generatePassword(65)).toThrow(RangeError);
    expect(() => generatePassword(8.5)).toThrow(RangeError);
  });
});
