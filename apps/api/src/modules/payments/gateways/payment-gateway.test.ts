import { tmPassword as sandboxPassword } from '@ov/gateway-sandbox';
import { describe, expect, it } from 'vitest';
import { createGateways } from './gateways';
import { centsToDecimal, decimalToCents } from './payment-gateway';
import { havanaDateParts, transfermovilAck, transfermovilPassword } from './transfermovil.gateway';

const cred = { username: 'ov-dev-tm', seed: 'ov-dev-tm-seed', source: '8001' };

describe('money on the wire', () => {
  it('writes cents as decimal text', () => {
    expect(centsToDecimal(12345)).toBe('123.45');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(centsToDecimal(900719925474099)).toBe('9007199254740.99');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => centsToDecimal(-1)).toThrow(RangeError);
  });

  it('reads decimal text and JSON numbers exactly', () => {
    expect(decimalToCents('123.45')).toBe(12345);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(decimalToCents(1.15)).toBe(115);
    expect(decimalToCents(' 10.50 ')).toBe(1050);
    for (const bad of ['1.234', '-1.00', '1e3', 'abc', '', null, undefined, {}]) {
      expect(decimalToCents(bad)).toBeUndefined();
    }
  });
});

describe('Transfermóvil credential headers', () => {
  it('uses the date in Havana, without leading zeros, even when the UTC day differs', () => {
    // 04:30 UTC on 5 January is 23:30 on the 4th in Havana (UTC-5 in winter).
    const at = new Date('2026-01-05T04:30:00Z');
    expect(havanaDateParts(at)).toEqual({ day: '4', month: '1', year: '2026' });
    // Computed independently: printf 'ov-dev-tm412026ov-dev-tm-seed8001' | openssl dgst -sha512 -binary | base64
    expect(transfermovilPassword(cred, at)).toBe(
      'SqU5EAl2TCqLVzr4KIF5aBUPbwNJac7B/0n1cV7nfG6xnKPL67t9oWTW6gsBgbsrYaOEUfWH7fbc0b9iGv1Kjg==',
    );
  });

  it('follows daylight saving time (UTC-4 from the second Sunday of March)', () => {
    // 03:59 UTC on 9 March 2026 is still the 8th in Havana, one hour later than in winter.
    expect(havanaDateParts(new Date('2026-03-09T03:59:59Z'))).toEqual({ day: '8', month: '3', year: '2026' });
    expect(transfermovilPassword(cred, new Date('2026-03-09T03:59:59Z'))).toBe(
      'Fp7IeB7oDMJ1iekaaRVFxKgnnuMIGQl7eGW9OXwVr6JKT21eR31A0/2Txnx8JPT3AsXwSwYzPc/QLyGEB7ckMw==',
    );
    expect(havanaDateParts(new Date('2026-03-09T04:00:00Z'))).toEqual({ day: '9', month: '3', year: '2026' });
    expect(havanaDateParts(new Date('2026-01-09T04:59:59Z'))).toEqual({ day: '8', month: '1', year: '2026' });
  });

  it('takes the year from Havana on New Year’s Eve', () => {
    const at = new Date('2027-01-01T02:00:00Z');
    expect(havanaDateParts(at)).toEqual({ day: '31', month: '12', year: '2026' });
    expect(transfermovilPassword(cred, at)).toBe(
      'KK2McqHrXp8QLtsyKnmeljw+vmE7A71vIQjrW/Z4PKoxf6HWhfcevWxlmVqnaqp6VWU9wJsFUZ7MYTjCCc8/gA==',
    );
  });

  it('agrees with the sandbox’s own implementation', () => {
    for (const iso of ['2026-01-05T04:30:00Z', '2026-06-30T23:59:59Z', '2026-11-01T05:30:00Z']) {
      const at = new Date(iso);
      expect(transfermovilPassword(cred, at)).toBe(
        sandboxPassword(cred.username, cred.seed, cred.source, at),
      );
    }
  });

  it('acknowledges notifications the way the bank expects', () => {
    expect(transfermovilAck()).toMatchObject({ Success: true, Status: 1 });
  });
});

describe('gateways chosen by configuration', () => {
  const config = {
    NODE_ENV: 'test' as const,
    PAYMENTS_ENABLED: true,
    ENZONA_ENABLED: true,
    ENZONA_BASE_URL: 'http://127.0.0.1:1/enzona',
    ENZONA_CLIENT_ID: 'id',
    ENZONA_CLIENT_SECRET: 'ov-dev-enzona-secret',
    TRANSFERMOVIL_ENABLED: true,
    TRANSFERMOVIL_BASE_URL: 'http://127.0.0.1:1/tm',
    TM_USERNAME: 'u',
    TM_SEED: 'ov-dev-tm-seed',
    TM_SOURCE: '8001',
  };

  it('enables both by default', () => {
    const g = createGateways(config);
    expect(g.enabled).toEqual(['ENZONA', 'TRANSFERMOVIL']);
    expect(g.get('ENZONA')?.method).toBe('ENZONA');
    expect(g.get('TRANSFERMOVIL')?.method).toBe('TRANSFERMOVIL');
  });

  it('switches one gateway, or all payments, off', () => {
    expect(createGateways({ ...config, ENZONA_ENABLED: false }).enabled).toEqual(['TRANSFERMOVIL']);
    expect(createGateways({ ...config, TRANSFERMOVIL_ENABLED: false }).get('TRANSFERMOVIL')).toBeUndefined();
    expect(createGateways({ ...config, PAYMENTS_ENABLED: false }).enabled).toEqual([]);
  });

  it('refuses the development secrets in production', () => {
    expect(() => createGateways({ ...config, NODE_ENV: 'production' })).toThrow(/ENZONA_CLIENT_SECRET/);
    expect(() =>
      createGateways({ ...config, NODE_ENV: 'production', ENZONA_CLIENT_SECRET: 'real-secret' }),
    ).toThrow(/TM_SEED/);
    expect(
      createGateways({ ...config, NODE_ENV: 'production', ENZONA_CLIENT_SECRET: 'real', TM_SEED: 'real' })
        .enabled,
    ).toHaveLength(2);
  });
});
