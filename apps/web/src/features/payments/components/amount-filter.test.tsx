import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import '../i18n';
import { AmountFilter, type AmountFilterValue, parsePesos } from './amount-filter';

let latest: AmountFilterValue = { op: 'EQUAL' };
function Harness() {
  const [value, setValue] = useState<AmountFilterValue>({ op: 'EQUAL' });
  latest = value;
  return <AmountFilter value={value} onChange={setValue} />;
}

describe('parsePesos', () => {
  it('reads pesos as typed, empty as null, anything else (negative, 3 decimals) as invalid', () => {
    expect(parsePesos('12')).toBe(12);
    expect(parsePesos('1,234.5')).toBe(1234.5);
    expect(parsePesos('$ 16.40')).toBe(16.4);
    expect(parsePesos('  ')).toBeNull();
    expect(parsePesos('-3')).toBeUndefined();
    expect(parsePesos('1.234')).toBeUndefined();
    expect(parsePesos('abc')).toBeUndefined();
  });
});

describe('AmountFilter', () => {
  it('passes on a valid amount as typed, marks an invalid one and shows two decimals on leaving', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Importe' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(input, { target: { value: '16.4' } });
    expect(latest).toEqual({ op: 'EQUAL', value: 16.4 });
    fireEvent.change(input, { target: { value: '16.4x' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(latest.value).toBe(16.4);
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('16.40');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    expect(latest.value).toBeNull();
  });

  it('asks a minimum and a maximum for "between"', () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Importe' }), { target: { value: 'RANGE' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Importe: Mín.' }), { target: { value: '10' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Importe: Máx.' }), { target: { value: '20.5' } });
    expect(latest).toMatchObject({ op: 'RANGE', from: 10, to: 20.5 });
  });
});
