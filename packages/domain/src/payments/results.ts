/**
 * The payment result codes of spec §8 (1–13): what a payment attempt ended with, in the customer's
 * words. Payments carry the code; the screens and the e-mails show its message.
 */
export const PAYMENT_RESULT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
export type PaymentResultCode = (typeof PAYMENT_RESULT_CODES)[number];

export interface PaymentResult {
  code: PaymentResultCode;
  key: string;
  es: string;
  en: string;
}

export const PAYMENT_RESULTS: readonly PaymentResult[] = Object.freeze([
  {
    code: 1,
    key: 'NO_DEBT',
    es: 'No tiene deuda, puede realizar un pago adelantado',
    en: 'You have no debt, you can make an advance payment',
  },
  {
    code: 2,
    key: 'PAYMENT_SUCCESSFUL',
    es: 'Pago realizado satisfactoriamente',
    en: 'Payment made successfully',
  },
  { code: 3, key: 'DEBT_ALREADY_PAID', es: 'La deuda ya fue pagada', en: 'The debt has already been paid' },
  { code: 4, key: 'PAYMENT_ERROR', es: 'Error al procesar el pago', en: 'Error processing the payment' },
  {
    code: 5,
    key: 'CLIENT_CODE_NOT_FOUND',
    es: 'El código de cliente no existe',
    en: 'The client code does not exist',
  },
  {
    code: 6,
    key: 'INVALID_TRANSACTION_CODE',
    es: 'Código de transacción incorrecto',
    en: 'Incorrect transaction code',
  },
  {
    code: 7,
    key: 'DEBT_NOT_FOUND',
    es: 'La deuda solicitada no existe',
    en: 'The requested debt does not exist',
  },
  {
    code: 8,
    key: 'ADVANCE_WITH_DEBT',
    es: 'No puede realizar pagos adelantados, tiene deudas por pagar',
    en: 'You cannot make advance payments, you have debts to pay',
  },
  {
    code: 9,
    key: 'PARTIAL_PAYMENT_ONLY',
    es: 'Solo procede un pago parcial para el período',
    en: 'Only a partial payment applies for the period',
  },
  { code: 10, key: 'DEBT_QUERY_ERROR', es: 'Error al consultar la deuda', en: 'Error querying the debt' },
  {
    code: 11,
    key: 'TRANSACTION_EXPIRED',
    es: 'El código de transacción ha expirado',
    en: 'The transaction code has expired',
  },
  {
    code: 12,
    key: 'DEBT_UNDER_AGREEMENT',
    es: 'La deuda está conveniada, diríjase a la oficina comercial',
    en: 'The debt is under a payment agreement, please go to the commercial office',
  },
  {
    code: 13,
    key: 'AMOUNT_MISMATCH',
    es: 'El importe a pagar no coincide con el valor actual',
    en: 'The amount to pay does not match the current value',
  },
]);

export function paymentResult(code: number): PaymentResult | undefined {
  return PAYMENT_RESULTS.find((result) => result.code === code);
}
