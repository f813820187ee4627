import { act, fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { parseDate } from './date-field';
import { DateRange } from './date-range';

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('DateRange', () => {
  afterEach(() => act(() => i18next.changeLanguage('es')));

  it('is a group named by the filter with two labelled fields written in the portal’s language, never the browser’s', () => {
    render(<DateRange label="Fechas de pago" />);
    expect(screen.getByRole('group', { name: 'Fechas de pago' })).toBeTruthy();
    for (const name of ['Desde', 'Hasta']) {
      expect(field(name).type).toBe('text'); // a native date field shows the browser's mm/dd/yyyy
      expect(field(name).placeholder).toBe('dd/mm/aaaa');
    }
    expect(screen.queryByRole('button', { name: 'Borrar las fechas' })).toBeNull();
  });

  it('reads dates as the page writes them: dd/mm/aaaa in Spanish, mm/dd/yyyy in English', async () => {
    expect(parseDate('05/03/2026', 'es')).toBe('2026-03-05');
    expect(parseDate('5/3/2026', 'es')).toBe('2026-03-05');
    expect(parseDate('03/05/2026', 'en')).toBe('2026-03-05');
    expect(parseDate('2026-03-05', 'es')).toBe('2026-03-05');
    expect(parseDate('31/02/2026', 'es')).toBeNull();
    expect(parseDate('05/03', 'es')).toBeNull();
    await act(() => i18next.changeLanguage('en'));
    render(<DateRange value={[dayjs('2026-03-05'), dayjs('2026-03-20')]} />);
    expect(field('From').value).toBe('03/05/2026');
    expect(field('From').placeholder).toBe('mm/dd/yyyy');
    expect(field('To').value).toBe('03/20/2026');
  });

  it('reports a range only once both dates are typed, as Dayjs values; the separators come as you type', () => {
    const onChange = vi.fn();
    render(<DateRange value={null} onChange={onChange} />);
    fireEvent.change(field('Desde'), { target: { value: '01032026' } });
    expect(field('Desde').value).toBe('01/03/2026');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(field('Hasta'), { target: { value: '31/03/2026' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    const [from, to] = onChange.mock.calls[0][0];
    expect(dayjs.isDayjs(from) && dayjs.isDayjs(to)).toBe(true);
    expect(from.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(to.format('YYYY-MM-DD')).toBe('2026-03-31');
  });

  it('keeps from ≤ to: a start after the end is marked and drops the filter, not reversed', () => {
    const onChange = vi.fn();
    render(<DateRange value={[dayjs('2026-03-05'), dayjs('2026-03-20')]} onChange={onChange} />);
    expect(field('Desde').value).toBe('05/03/2026');
    fireEvent.change(field('Desde'), { target: { value: '01/04/2026' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field('Desde').getAttribute('aria-invalid')).toBe('true');
  });

  it('clears with its button: null, empty fields, focus on the first', () => {
    const onChange = vi.fn();
    render(<DateRange value={[dayjs('2026-03-05'), dayjs('2026-03-20')]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar las fechas' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(field('Desde').value).toBe('');
    expect(field('Hasta').value).toBe('');
    expect(document.activeElement).toBe(field('Desde'));
    expect(screen.queryByRole('button', { name: 'Borrar las fechas' })).toBeNull();
  });

  it('draws a range set from outside (a preset)', () => {
    const { rerender } = render(<DateRange value={null} />);
    rerender(<DateRange value={[dayjs('2026-01-01'), dayjs('2026-06-30')]} />);
    expect(field('Desde').value).toBe('01/01/2026');
    expect(field('Hasta').value).toBe('30/06/2026');
    rerender(<DateRange value={null} />);
    expect(field('Desde').value).toBe('');
  });

  it('has a calendar in the portal’s language: Alt+ArrowDown opens it, arrows move, Enter chooses, Escape closes', () => {
    const onChange = vi.fn();
    render(<DateRange value={[dayjs('2026-03-05'), dayjs('2026-03-20')]} onChange={onChange} />);
    fireEvent.keyDown(field('Hasta'), { key: 'ArrowDown', altKey: true });
    const calendar = screen.getByRole('dialog', { name: 'Calendario' });
    expect(calendar.textContent).toContain('marzo de 2026');
    expect(calendar.querySelector('th')?.textContent?.toLowerCase()).toMatch(/^lun/); // Monday first
    expect(document.activeElement?.getAttribute('aria-label')).toBe('viernes, 20 de marzo de 2026');
    // Before the start is out of reach: the days before the 5th are disabled.
    expect(
      (screen.getByRole('button', { name: 'miércoles, 4 de marzo de 2026' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('viernes, 27 de marzo de 2026');
    fireEvent.click(document.activeElement as Element);
    expect(field('Hasta').value).toBe('27/03/2026');
    expect(onChange.mock.calls.at(-1)?.[0][1].format('YYYY-MM-DD')).toBe('2026-03-27');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field('Hasta'));
    fireEvent.keyDown(field('Desde'), { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field('Desde'));
  });

  it('offers named ranges when given presets: choosing one fills both fields and reports it; typed dates that match show its name', () => {
    const onChange = vi.fn();
    const presets = [
      { label: 'Marzo', value: [dayjs('2026-03-01'), dayjs('2026-03-31')] as [dayjs.Dayjs, dayjs.Dayjs] },
      { label: 'Abril', value: [dayjs('2026-04-01'), dayjs('2026-04-30')] as [dayjs.Dayjs, dayjs.Dayjs] },
    ];
    render(<DateRange value={null} presets={presets} allowClear={false} onChange={onChange} />);
    const list = screen.getByRole('combobox', { name: 'Período predefinido' }) as HTMLSelectElement;
    expect(list.selectedOptions[0].textContent).toBe('Personalizado');
    fireEvent.change(list, { target: { value: '1' } });
    expect(field('Desde').value).toBe('01/04/2026');
    expect(field('Hasta').value).toBe('30/04/2026');
    expect(onChange.mock.calls.at(-1)?.[0].map((d: dayjs.Dayjs) => d.format('YYYY-MM-DD'))).toEqual([
      '2026-04-01',
      '2026-04-30',
    ]);
    expect(list.selectedOptions[0].textContent).toBe('Abril');
    fireEvent.change(field('Desde'), { target: { value: '01/03/2026' } });
    fireEvent.change(field('Hasta'), { target: { value: '31/03/2026' } });
    expect(list.selectedOptions[0].textContent).toBe('Marzo');
    fireEvent.change(field('Hasta'), { target: { value: '30/03/2026' } });
    expect(list.selectedOptions[0].textContent).toBe('Personalizado');
    // allowClear={false}: a range that is always set has no clear button.
    expect(screen.queryByRole('button', { name: 'Borrar las fechas' })).toBeNull();
  });

  it('has no preset list unless given one', () => {
    render(<DateRange value={null} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
