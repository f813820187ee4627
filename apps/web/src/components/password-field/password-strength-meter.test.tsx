import '../../lib/i18n';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../test/contrast';
import { LEVEL_TEXT_COLORS, PasswordStrengthMeter } from './password-strength-meter';

describe('password strength meter', () => {
  it('writes "Muy débil" readable on white (4.5:1; it was 4.37:1)', () => {
    render(<PasswordStrengthMeter password="a" />);
    const label = screen.getByText('Muy débil');
    expect(contrast(label.style.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('writes every band readable on white and on the page background', () => {
    for (const colour of Object.values(LEVEL_TEXT_COLORS)) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, '#f3f7fb')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
