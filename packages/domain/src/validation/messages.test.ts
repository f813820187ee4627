import { describe, expect, it } from 'vitest';
import {
  translateValidationMessage,
  VALIDATION_MESSAGES,
  validationIssueMessage,
  validationMessage,
} from './messages';

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

describe('zod issues in the reader’s language', () => {
  it('turns zod’s built-in English texts into catalogue words, by the issue’s code', () => {
    const option = { code: 'invalid_value', message: 'Invalid option: expected one of "A"|"B"' };
    expect(validationIssueMessage(option, 'es')).toBe('Elija una de las opciones');
    expect(validationIssueMessage(option, 'en')).toBe('Choose one of the options');
    const missing = {
      code: 'invalid_type',
      expected: 'string',
      message: 'Invalid input: expected string, received undefined',
    };
    expect(validationIssueMessage(missing, 'es')).toBe('Requerido');
    expect(
      validationIssueMessage({ code: 'too_big', origin: 'string', maximum: 30, message: 'Too big' }, 'en'),
    ).toBe('Cannot be longer than 30 characters');
    expect(
      validationIssueMessage({ code: 'too_small', origin: 'number', minimum: 1, message: 'Too small' }, 'es'),
    ).toBe('Debe ser 1 o más');
    expect(
      validationIssueMessage({ code: 'invalid_format', format: 'email', message: 'Invalid email' }, 'es'),
    ).toBe('Correo electrónico no válido');
  });

  it('keeps our own messages and translates them', () => {
    expect(validationIssueMessage({ code: 'custom', message: 'Teléfono no válido' }, 'en')).toBe(
      'Invalid phone number',
    );
    expect(
      validationIssueMessage({ code: 'too_small', origin: 'string', minimum: 1, message: 'Requerido' }, 'es'),
    ).toBe('Requerido');
  });
});
