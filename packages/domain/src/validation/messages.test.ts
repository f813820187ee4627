import { describe, expect, it } from 'vitest';
import { translateValidationMessage, VALIDATION_MESSAGES, validationMessage } from './messages';

describe('validation messages', () => {
  it('uses the spec wording', () => {
    expect(VALIDATION_MESSAGES.es.required).toBe('Requerido');
    expect(VALIDATION_MESSAGES.es.invalidEmail).toBe('Correo electrónico no válido');
    expect(VALIDATION_MESSAGES.es.passwordsMismatch).toBe('No coinciden las contraseñas');
    expect(VALIDATION_MESSAGES.es.passwordHint).toBe('Al menos 8 caracteres, que no sea fácil de adivinar');
  });

  it('has the same keys in both languages and no Spanish message twice', () => {
    expect(Object.keys(VALIDATION_MESSAGES.en).sort()).toEqual(Object.keys(VALIDATION_MESSAGES.es).sort());
    const spanish = Object.values(VALIDATION_MESSAGES.es);
    expect(new Set(spanish).size).toBe(spanish.length);
  });

  it('fills parameters', () => {
    expect(validationMessage('maxDescription', { max: 250 })).toBe('Máximo 250 caracteres');
    expect(validationMessage('nameLength', { min: 3, max: 30 }, 'en')).toBe(
      'Must be between 3 and 30 characters long',
    );
  });

  it('translates Spanish messages to English, parameters included', () => {
    expect(translateValidationMessage('Requerido', 'en')).toBe('Required');
    expect(translateValidationMessage('No coinciden las contraseñas', 'en')).toBe('Passwords do not match');
    expect(translateValidationMessage('Máximo 500 caracteres', 'en')).toBe('At most 500 characters');
    expect(translateValidationMessage('Debe tener al menos 16 años', 'en')).toBe(
      'Must be at least 16 years old',
    );
  });

  it('leaves Spanish alone and unknown text untouched', () => {
    expect(translateValidationMessage('Requerido', 'es')).toBe('Requerido');
    expect(translateValidationMessage('Algo distinto', 'en')).toBe('Algo distinto');
  });

  it('translates every message back to its English text', () => {
    for (const key of Object.keys(VALIDATION_MESSAGES.es) as (keyof typeof VALIDATION_MESSAGES.es)[]) {
      const params = { min: 2, max: 9 };
      expect(translateValidationMessage(validationMessage(key, params), 'en')).toBe(
        validationMessage(key, params, 'en'),
      );
    }
  });
});
