import { describe, expect, it } from 'vitest';
import { FEATURES, suggestEmails, TOKEN_EXPIRATION_MS } from './constants';
import { MUNICIPALITIES, POPULAR_COUNCILS, STREETS } from './municipalities';

describe('suggestEmails', () => {
  it('offers every domain right after @', () => {
    expect(suggestEmails('ana@')).toEqual([
      'ana@gmail.com',
      'ana@yahoo.com',
      'ana@outlook.com',
      'ana@protonmail.com',
    ]);
  });

  it('offers only domains that start with what was typed after @', () => {
    expect(suggestEmails('ana@g')).toEqual(['ana@gmail.com']);
    expect(suggestEmails('ana@OUT')).toEqual(['ana@outlook.com']);
    expect(suggestEmails('ana@gmail.com')).toEqual(['ana@gmail.com']);
    expect(suggestEmails('ana@nauta.cu')).toEqual([]);
  });

  it('offers nothing without @ or without a name before it', () => {
    expect(suggestEmails('ana')).toEqual([]);
    expect(suggestEmails('@g')).toEqual([]);
    expect(suggestEmails('ana@b@g')).toEqual([]);
  });
});

describe('constants', () => {
  it('has a 2-hour token and onboarding disabled', () => {
    expect(TOKEN_EXPIRATION_MS).toBe(2 * 60 * 60 * 1000);
    expect(FEATURES.onboarding).toBe(false);
  });
});

describe('municipalities', () => {
  it('lists the 15 municipalities of La Habana with keys 1 to 15', () => {
    expect(MUNICIPALITIES.map((m) => m.pk)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(MUNICIPALITIES[1].municipio).toBe('Plaza de la Revolución');
    expect(MUNICIPALITIES[7].municipio).toBe('San Miguel del Padrón');
  });

  it('has at least 4 popular councils and 8 streets per municipality', () => {
    for (const { pk } of MUNICIPALITIES) {
      expect(POPULAR_COUNCILS[pk].length, String(pk)).toBeGreaterThanOrEqual(4);
      expect(STREETS[pk].length, String(pk)).toBeGreaterThanOrEqual(8);
      expect(new Set(STREETS[pk]).size).toBe(STREETS[pk].length);
    }
  });
});
