import { describe, expect, it } from 'vitest';
import { roleDescription } from './types';

describe('roleDescription', () => {
  const both = {
    description: 'Administra usuarios',
    descriptions: { es: 'Administra usuarios', en: 'Manages users' },
  };

  it('reads the description in the reader language', () => {
    expect(roleDescription(both, 'en')).toBe('Manages users');
    expect(roleDescription(both, 'es')).toBe('Administra usuarios');
  });

  it('falls back to the Spanish one when there is none in English, and to nothing when there is none', () => {
    expect(roleDescription({ description: 'Caja', descriptions: { es: 'Caja', en: null } }, 'en')).toBe(
      'Caja',
    );
    expect(roleDescription({ description: 'Caja' }, 'en')).toBe('Caja');
    expect(roleDescription({ description: null, descriptions: { es: null, en: null } }, 'en')).toBeNull();
  });
});
