import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOGUE, type ErrorName, errorMessage, findError } from './errors';
import { PAYMENT_RESULTS, paymentResult } from './payments/results';

const pair = (name: string, reference: number) => `${name}:${reference}`;

describe('error catalogue', () => {
  it('has each name and reference pair once', () => {
    const keys = ERROR_CATALOGUE.map((e) => pair(e.name, e.reference));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every entry a Spanish and an English message and an HTTP status', () => {
    for (const e of ERROR_CATALOGUE) {
      expect(e.es.trim().length, pair(e.name, e.reference)).toBeGreaterThan(0);
      expect(e.en.trim().length, pair(e.name, e.reference)).toBeGreaterThan(0);
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.status).toBeLessThan(600);
    }
  });

  it('contains every BADREQUESTERROR reference of spec §8', () => {
    const references = [
      10,
      303,
      356,
      357,
      359,
      ...Array.from({ length: 22 }, (_, i) => 410 + i),
      432,
      434,
      439,
      440,
      441,
      443,
      444,
      445,
      446,
      447,
      448,
      449,
      450,
      451,
      452,
      453,
      454,
      455,
      456,
      457,
      459,
      460,
      461,
      497,
      498,
      854,
      855,
    ];
    for (const reference of references)
      expect(findError('BADREQUESTERROR', reference), String(reference)).toBeDefined();
  });

  it('maps business rules to 400 and permission or territory refusals to 403', () => {
    expect(findError('BADREQUESTERROR', 497)?.status).toBe(400);
    expect(findError('BADREQUESTERROR', 420)?.status).toBe(400);
    for (const reference of [451, 452, 453, 456])
      expect(findError('BADREQUESTERROR', reference)?.status).toBe(403);
    expect(findError('UNAUTHORIZEDERROR', 0)?.status).toBe(403);
    expect(findError('UNAUTHORIZEDERROR', 410)?.status).toBe(403);
  });

  it('keeps 401 for an invalid session only', () => {
    const with401 = ERROR_CATALOGUE.filter((e) => e.status === 401).map((e) => pair(e.name, e.reference));
    expect(with401).toEqual(['AUTHENTICATIONERROR:0']);
    expect(findError('BADCREDENTIALSERROR', 490)?.status).toBe(400);
  });

  it('answers our own classes with their statuses', () => {
    expect(findError('INTERNALERROR', 0)?.status).toBe(500);
    expect(findError('NOTFOUND', 415)?.status).toBe(404);
    expect(findError('NOTFOUND', 404)?.status).toBe(404);
    expect(findError('VALIDATIONERROR', 0)?.status).toBe(400);
    expect(findError('VALIDATIONERROR', 413)?.status).toBe(413);
    expect(findError('VALIDATIONERROR', 415)?.status).toBe(415);
    expect(findError('CONFLICTERROR', 409)?.status).toBe(409);
    expect(findError('TOOMANYREQUESTSERROR', 429)?.status).toBe(429);
  });

  it('uses the spec wording in Spanish', () => {
    expect(errorMessage('BADREQUESTERROR', 303, 'es')).toBe(
      'El correo electrónico ya está en uso por otro usuario',
    );
    expect(errorMessage('BADREQUESTERROR', 497, 'es')).toBe('El código de cliente ya está asociado');
    expect(errorMessage('BADREQUESTERROR', 498, 'es')).toBe('El código de cliente no está asociado');
    expect(errorMessage('BADREQUESTERROR', 410, 'es')).toBe('Falta el nombre completo');
    expect(errorMessage('BADREQUESTERROR', 420, 'es')).toBe('Los datos ya existen');
    expect(errorMessage('BADREQUESTERROR', 422, 'es')).toBe('Se encontraron datos similares');
    expect(errorMessage('BADCREDENTIALSERROR', 490, 'es')).toBe('Credenciales no válidas');
    expect(errorMessage('USERNOTVERIFIEDERROR', 491, 'es')).toBe('La cuenta no está verificada');
    expect(errorMessage('USERNOTLOCKERROR', 492, 'es')).toBe('La cuenta está bloqueada');
    expect(errorMessage('AUTHENTICATIONERROR', 0, 'es')).toBe(
      'Sesión no válida o expirada. Inicie sesión de nuevo.',
    );
    expect(errorMessage('VALIDATIONERROR', 0, 'es')).toBe('Datos no válidos');
  });

  it('answers in English when asked', () => {
    expect(errorMessage('BADCREDENTIALSERROR', 490, 'en')).toBe('Invalid credentials');
  });

  it('falls back to the INTERNALERROR 0 message for an unknown pair', () => {
    expect(errorMessage('NOSUCHERROR', 1, 'es')).toBe(findError('INTERNALERROR', 0)?.es);
    expect(errorMessage('BADREQUESTERROR', 999, 'en')).toBe(findError('INTERNALERROR', 0)?.en);
    expect(findError('BADREQUESTERROR', 999)).toBeUndefined();
  });
});

describe('AppError', () => {
  it('carries name, reference, status and details', () => {
    const error = new AppError('BADREQUESTERROR', 497, { cc: '123' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BADREQUESTERROR');
    expect(error.reference).toBe(497);
    expect(error.status).toBe(400);
    expect(error.details).toEqual({ cc: '123' });
    expect(error.message).toBe('The client code is already associated');
  });

  it('defaults the reference to 0', () => {
    const error = new AppError('UNAUTHORIZEDERROR');
    expect(error.reference).toBe(0);
    expect(error.status).toBe(403);
    expect(error.details).toBeUndefined();
  });

  it('refuses a pair that is not in the catalogue', () => {
    expect(() => new AppError('BADREQUESTERROR', 12345)).toThrow(/Unknown error catalogue entry/);
    expect(() => new AppError('NOTFOUND' as ErrorName, 0)).toThrow();
  });
});

describe('payment results', () => {
  it('has the 13 codes in order with both languages', () => {
    expect(PAYMENT_RESULTS.map((r) => r.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(new Set(PAYMENT_RESULTS.map((r) => r.key)).size).toBe(13);
    for (const r of PAYMENT_RESULTS) {
      expect(r.es.length).toBeGreaterThan(0);
      expect(r.en.length).toBeGreaterThan(0);
    }
  });

  it('finds a result by code', () => {
    expect(paymentResult(1)?.es).toBe('No tiene deuda, puede realizar un pago adelantado');
    expect(paymentResult(8)?.es).toBe('No puede realizar pagos adelantados, tiene deudas por pagar');
    expect(paymentResult(12)?.es).toBe('La deuda está conveniada, diríjase a la oficina comercial');
    expect(paymentResult(13)?.es).toBe('El importe a pagar no coincide con el valor actual');
    expect(paymentResult(0)).toBeUndefined();
    expect(paymentResult(14)).toBeUndefined();
  });
});
