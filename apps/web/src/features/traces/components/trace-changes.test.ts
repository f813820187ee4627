import { describe, expect, it } from 'vitest';
import { readableValue } from './trace-changes';

describe('trace payload values', () => {
  it('reads empty values as a dash and flags as ticks', () => {
    expect(readableValue(null)).toBe('—');
    expect(readableValue(undefined)).toBe('—');
    expect(readableValue('')).toBe('—');
    expect(readableValue(true)).toBe('✓');
    expect(readableValue(false)).toBe('✗');
  });

  it('joins lists and lays flat objects out as "key: value" lines', () => {
    expect(readableValue(['USER', 'COMMERCIAL_SPECIALIST'])).toBe('USER, COMMERCIAL_SPECIALIST');
    expect(readableValue([])).toBe('—');
    expect(readableValue({ line: 'Calle 23', municipality: 2 })).toBe('line: Calle 23\nmunicipality: 2');
  });

  it('keeps nested objects as indented JSON', () => {
    expect(readableValue({ a: { b: 1 } })).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
  });
});
