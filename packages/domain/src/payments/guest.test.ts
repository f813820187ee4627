import { describe, expect, it } from 'vitest';
import { guestPayBodySchema, holderInitials } from './guest';

describe('holderInitials', () => {
  it('answers the initials of each name, never the name', () => {
    expect(holderInitials('María Pérez González')).toBe('M. P. G.');
    expect(holderInitials('  josé   fernández ')).toBe('J. F.');
  });
  it('drops particles and keeps accented initials', () => {
    expect(holderInitials('Ángel de la Osa')).toBe('Á. O.');
    expect(holderInitials('María de los Ángeles Pérez y Gómez')).toBe('M. Á. P. G.');
  });
  it('works for companies and odd input', () => {
    expect(holderInitials('Hotel Nacional S.A.')).toBe('H. N. S. A.');
    expect(holderInitials('')).toBe('');
    expect(holderInitials('   ')).toBe('');
  });
});

describe('guestPayBodySchema', () => {
  it('takes a code, a proof, a gateway and an amount; the e-mail is optional and normalised', () => {
    const body = guestPayBodySchema.parse({
      cc: '2300000000001',
      proof: ' F-1 ',
      method: 'ENZONA',
      amountCents: 100,
      email: ' Hijo@Example.CU ',
    });
    expect(body.proof).toBe('F-1');
    expect(body.email).toBe('hijo@example.cu');
    expect(
      guestPayBodySchema.safeParse({ cc: '1', proof: '', method: 'ENZONA', amountCents: 1 }).success,
    ).toBe(false);
  });
});
