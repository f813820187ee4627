import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { LazyRangePicker } from './lazy-range-picker';

describe('LazyRangePicker', () => {
  it('on demand, passing through with the keyboard leaves the stand-in in place', async () => {
    const { container } = render(<LazyRangePicker onDemand placeholder={['Desde', 'Hasta']} />);
    const from = screen.getByPlaceholderText('Desde');
    from.focus();
    fireEvent.keyDown(from, { key: 'Tab' });
    from.blur();
    await new Promise((done) => setTimeout(done, 50));
    expect(container.querySelector('.ant-picker')).toBeNull();
    expect(screen.getByPlaceholderText('Desde')).toBe(from);
  });

  it('on demand, draws a stand-in of two empty fields until it is used, then the picker', async () => {
    const { container } = render(
      <LazyRangePicker onDemand placeholder={['Desde', 'Hasta']} className="mine" data-testid="dates" />,
    );
    const standIn = screen.getByTestId('dates');
    expect(standIn.className).toBe('ov-lazy-range mine');
    expect(container.querySelector('.ant-picker')).toBeNull();
    const from = screen.getByPlaceholderText('Desde');
    expect(screen.getByPlaceholderText('Hasta')).toBeTruthy();
    from.focus();
    fireEvent.keyDown(from, { key: 'Enter' });
    await screen.findByText(
      (_text, element) => !!element?.classList.contains('ant-picker-range'),
      undefined,
      {
        timeout: 5000,
      },
    );
  });

  it('names its fields from the interface language when given no placeholders', () => {
    render(<LazyRangePicker onDemand aria-label="Fechas" />);
    expect(screen.getByRole('textbox', { name: 'Fechas' }).getAttribute('placeholder')).toBe('Fecha inicial');
    expect(screen.getByPlaceholderText('Fecha final')).toBeTruthy();
  });
});
