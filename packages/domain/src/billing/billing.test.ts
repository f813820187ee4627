import { describe, expect, it } from 'vitest';
import {
  clientCodeMatcher,
  DEFAULT_CLIENT_CODE_PATTERN,
  isValidClientCode,
  maskHolderName,
  normalizeClientCode,
} from './client-code';
import { amountDueCents, invoiceDisplayStatus } from './display-status';
import { invoiceAmountCents, UNMETERED_PER_PERSON_MONTH_CENTS } from './tariff';

describe('client codes', () => {
  it('accepts 8 to 15 digits by default and nothing else', () => {
    expect(isValidClientCode('1234567890123')).toBe(true);
    expect(isValidClientCode('1234567')).toBe(false);
    expect(isValidClientCode('1234567890123456')).toBe(false);
    expect(isValidClientCode('12345678A')).toBe(false);
    expect(DEFAULT_CLIENT_CODE_PATTERN).toBe('^\\d{8,15}$');
  });

  it('follows a configured pattern and anchors it', () => {
    const re = clientCodeMatcher('23\\d{11}');
    expect(isValidClientCode('2312345678901', re)).toBe(true);
    expect(isValidClientCode('992312345678901', re)).toBe(false);
  });

  it('ignores spaces and dashes people type', () => {
    expect(normalizeClientCode(' 1234 5678-90123 ')).toBe('1234567890123');
    expect(isValidClientCode('1234 5678 90123')).toBe(true);
  });

  it('masks a holder name to initials', () => {
    expect(maskHolderName('María Pérez')).toBe('M*** P***');
    expect(maskHolderName('  Ángel   de la Osa ')).toBe('Á*** d*** l*** O***');
  });
});

describe('invoice display status', () => {
  const base = { status: 'PENDING' as const, inFlightPaymentId: null, invoicedCents: 1000, paidCents: 0 };
  it('derives each of the five display states', () => {
    expect(invoiceDisplayStatus(base)).toBe('Pendiente');
    expect(invoiceDisplayStatus({ ...base, inFlightPaymentId: 'p' })).toBe('Procesando');
    expect(invoiceDisplayStatus({ ...base, status: 'AGREED' })).toBe('Conveniada');
    expect(invoiceDisplayStatus({ ...base, status: 'PAID', paidCents: 1000 })).toBe('Pagada');
    expect(invoiceDisplayStatus({ ...base, status: 'PARTIAL', paidCents: 400 })).toBe('Pago Parcial');
    expect(invoiceDisplayStatus({ ...base, paidCents: 400 })).toBe('Pago Parcial');
  });

  it('shows a payment in flight above any other state', () => {
    expect(invoiceDisplayStatus({ ...base, status: 'AGREED', inFlightPaymentId: 'p' })).toBe('Procesando');
  });

  it('computes what is still due, never negative', () => {
    expect(amountDueCents({ invoicedCents: 1000, paidCents: 400, bonusCents: 100 })).toBe(500);
    expect(amountDueCents({ invoicedCents: 1000, paidCents: 1000, bonusCents: 100 })).toBe(0);
  });
});

describe('tariffs', () => {
  it('charges unmetered homes per person for the period', () => {
    const cents = invoiceAmountCents({
      clientType: 'RESIDENTIAL',
      metered: false,
      nucleusPeople: 4,
      consumptionM3: 0,
    });
    expect(cents).toBe(4 * UNMETERED_PER_PERSON_MONTH_CENTS * 2);
  });

  it('charges metered homes by progressive monthly blocks, widened for a bimonthly period', () => {
    const t = (m3: number, months = 2) =>
      invoiceAmountCents({
        clientType: 'RESIDENTIAL',
        metered: true,
        nucleusPeople: 3,
        consumptionM3: m3,
        months,
      });
    expect(t(0)).toBe(0);
    expect(t(10, 1)).toBe(250);
    expect(t(15, 1)).toBe(250 + 5 * 60);
    expect(t(35, 1)).toBe(250 + 600 + 1500 + 5 * 400);
    expect(t(20)).toBe(20 * 25);
    expect(t(30)).toBe(20 * 25 + 10 * 60);
    expect(t(31) - t(30)).toBe(60);
  });

  it('charges state and big clients a flat price per m³', () => {
    expect(
      invoiceAmountCents({ clientType: 'STATE', metered: true, nucleusPeople: 0, consumptionM3: 100 }),
    ).toBe(12000);
    expect(
      invoiceAmountCents({
        clientType: 'ESTATE_BIG_CLIENT',
        metered: true,
        nucleusPeople: 0,
        consumptionM3: 10,
      }),
    ).toBe(3500);
  });
});
