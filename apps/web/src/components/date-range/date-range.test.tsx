import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { DateRange } from './date-range';

describe('DateRange', () => {
  it('is a group named by the filter with two labelled date fields', () => {
    render(<DateRange label="Fechas de pago" />);
    const group = screen.getByRole('group', { name: 'Fechas de pago' });
    expect(group).toBeTruthy();
    expect((screen.getByLabelText('Desde') as HTMLInputElement).type).toBe('date');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).type).toBe('date');
    expect(screen.queryByRole('button', { name: 'Borrar las fechas' })).toBeNull();
  });

  it('reports a range only once both dates are chosen, as Dayjs values', () => {
    const onChange = vi.fn();
    render(<DateRange value={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-31' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    const [from, to] = onChange.mock.calls[0][0];
    expect(dayjs.isDayjs(from) && dayjs.isDayjs(to)).toBe(true);
    expect(from.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(to.format('YYYY-MM-DD')).toBe('2026-03-31');
  });

  it('keeps from ≤ to: each field bounds the other', () => {
    const onChange = vi.fn();
    render(<DateRange value={[dayjs('2026-03-05'), dayjs('2026-03-20')]} onChange={onChange} />);
    const from = screen.getByLabelText('Desde') as HTMLInputElement;
    const to = screen.getByLabelText('Hasta') as HTMLInputElement;
    expect(from.value).toBe('2026-03-05');
    expect(from.max).toBe('2026-03-20');
    expect(to.min).toBe('2026-03-05');
    // A date typed past the other end is not a range: the filter is dropped, not reversed.
    fireEvent.change(from, { target: { value: '2026-04-01' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(from.getAttribute('aria-invalid')).toBe('true');
  });

  it('clears with its button: null, empty fields, focus on the first', () => {
    const onChange = vi.fn();
    render(<DateRange value={[dayjs('2026-03-05'), dayjs('2026-03-20')]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar las fechas' }));
    expect(onChange).toHaveBeenCalledWith(null);
    const from = screen.getByLabelText('Desde') as HTMLInputElement;
    expect(from.value).toBe('');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(from);
    expect(screen.queryByRole('button', { name: 'Borrar las fechas' })).toBeNull();
  });

  it('draws a range set from outside (a preset)', () => {
    const { rerender } = render(<DateRange value={null} />);
    rerender(<DateRange value={[dayjs('2026-01-01'), dayjs('2026-06-30')]} />);
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-01-01');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('2026-06-30');
    rerender(<DateRange value={null} />);
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('');
  });
});
