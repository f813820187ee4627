import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NativeSelect } from './native-select';

const MUNICIPALITIES = [
  { value: 1, label: 'Cerro' },
  { value: 2, label: 'Marianao' },
];

describe('NativeSelect', () => {
  it('is a native select named by its placeholder, which comes first and means no filter', () => {
    const onChange = vi.fn();
    render(<NativeSelect allowClear placeholder="Municipio" options={MUNICIPALITIES} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Municipio' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Municipio', 'Cerro', 'Marianao']);
    expect(select.value).toBe('');
    expect(select.parentElement?.classList.contains('ov-select--empty')).toBe(true);
    // The chosen value comes back with its type (a number here), and the placeholder as undefined.
    fireEvent.change(select, { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('shows the value, keeps the placeholder unselectable without allowClear, and is labelled by id', () => {
    render(
      <>
        <label htmlFor="code">Código</label>
        <NativeSelect
          id="code"
          size="large"
          placeholder="Elija"
          value="b"
          options={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ]}
          data-testid="code"
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Código' }) as HTMLSelectElement;
    expect(select.value).toBe('b');
    expect(select.options[0]?.disabled).toBe(true);
    expect(select.getAttribute('aria-label')).toBeNull();
    expect(select.parentElement?.className).toBe('ov-select ov-select--large');
    expect(screen.getByTestId('code')).toBe(select);
  });

  it('says it is busy while loading and can be disabled', () => {
    render(<NativeSelect aria-label="Rol" loading disabled options={[]} />);
    const select = screen.getByRole('combobox', { name: 'Rol' }) as HTMLSelectElement;
    expect(select.getAttribute('aria-busy')).toBe('true');
    expect(select.disabled).toBe(true);
  });

  it('draws the chosen option richer over the field, hidden from assistive technology', () => {
    render(
      <NativeSelect
        aria-label="Código"
        value={1}
        options={MUNICIPALITIES}
        renderValue={(option) => <strong>{option.label.toUpperCase()}</strong>}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Código' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Cerro');
    const drawn = select.parentElement?.querySelector('.ov-select__value');
    expect(drawn?.getAttribute('aria-hidden')).toBe('true');
    expect(drawn?.textContent).toBe('CERRO');
    expect(select.parentElement?.classList.contains('ov-select--rendered')).toBe(true);
  });
});
