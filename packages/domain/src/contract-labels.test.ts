import { describe, expect, it } from 'vitest';
import { CONTRACT_LABELS, requestStatusLabel } from './contract-labels';

describe('requestStatusLabel', () => {
  it('reads a payment agreement’s end states as approved and rejected, in both languages', () => {
    expect(requestStatusLabel('es', 'PAYMENT_AGREEMENT', 'SIGNED')).toBe('Aprobada');
    expect(requestStatusLabel('es', 'PAYMENT_AGREEMENT', 'ANNULLED')).toBe('Rechazada');
    expect(requestStatusLabel('en', 'PAYMENT_AGREEMENT', 'SIGNED')).toBe('Approved');
    expect(requestStatusLabel('en', 'PAYMENT_AGREEMENT', 'ANNULLED')).toBe('Rejected');
  });

  it('keeps the status machine’s words for an agreement’s other states and for every contract', () => {
    expect(requestStatusLabel('es', 'PAYMENT_AGREEMENT', 'REVIEW')).toBe(CONTRACT_LABELS.es.status.REVIEW);
    expect(requestStatusLabel('es', 'NEW_CONTRACT', 'SIGNED')).toBe('Firmada');
    expect(requestStatusLabel('en', 'CANCEL_CONTRACT', 'ANNULLED')).toBe('Annulled');
  });
});
