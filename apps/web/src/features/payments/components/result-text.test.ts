import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { paymentOutcomeText, resultCodeOf, resultText } from './result-text';

describe('payment result texts', () => {
  it('gives the spec texts of the result codes in both languages', () => {
    expect(resultText(2, 'es')).toBe('Pago realizado satisfactoriamente');
    expect(resultText(11, 'es')).toBe('El código de transacción ha expirado');
    expect(resultText(12, 'es')).toBe('La deuda está conveniada, diríjase a la oficina comercial');
    expect(resultText(2, 'en')).toBe('Payment made successfully');
  });

  it('reads the code of a PAYMENTRESULT refusal only', () => {
    expect(resultCodeOf(new ApiError(400, { name: 'PAYMENTRESULT', reference: 13, message: '' }))).toBe(13);
    expect(
      resultCodeOf(new ApiError(400, { name: 'BADREQUESTERROR', reference: 498, message: '' })),
    ).toBeNull();
    expect(resultCodeOf(new Error('x'))).toBeNull();
  });
});

describe('what a payment ended with', () => {
  it('a payer’s cancellation reads "Pago cancelado", not code 4’s error text', () => {
    expect(paymentOutcomeText({ status: 'CANCELED', resultCode: 4 }, 'es')).toBe('Pago cancelado');
    expect(paymentOutcomeText({ status: 'CANCELED', resultCode: 4 }, 'en')).toBe('Payment cancelled');
    expect(paymentOutcomeText({ status: 'FAILED', resultCode: 4 }, 'es')).toBe('Error al procesar el pago');
    expect(paymentOutcomeText({ status: 'PENDING', resultCode: null }, 'es')).toBe('');
  });
});
