import { describe, expect, it } from 'vitest';
import { percentLabel } from './dashboard-charts';

describe('dashboard pie labels', () => {
  it('show the percentage with one decimal', () => {
    expect(percentLabel(1 / 3)).toBe('33.3 %');
    expect(percentLabel(0.5)).toBe('50.0 %');
    expect(percentLabel(undefined)).toBe('0.0 %');
  });
});
