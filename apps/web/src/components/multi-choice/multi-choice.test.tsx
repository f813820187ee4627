import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { MultiChoice } from './multi-choice';

const STATUSES = [
  { value: 'PENDING', label: 'Pendiente' },
  { value: 'PAID', label: 'Pagada' },
  { value: 'PARTIAL', label: 'Pago parcial' },
];

function Filter({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <MultiChoice label="Estado" options={STATUSES} value={value} onChange={setValue} data-testid="status" />
      <output>{value.join(',')}</output>
      <button type="button">Fuera</button>
    </>
  );
}

describe('MultiChoice', () => {
  it('is a disclosure button opening a group of checkboxes, which says what is chosen', () => {
    render(<Filter />);
    const button = screen.getByRole('button', { name: 'Estado' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Estado' });
    expect(button.getAttribute('aria-controls')).toBe(group.parentElement?.id);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Pagada' }));
    expect(screen.getByRole('status').textContent).toBe('PAID');
    expect(button.textContent).toBe('Estado: Pagada');
    // Chosen in the options' order, whatever the order of the clicks.
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Pendiente' }));
    expect(screen.getByRole('status').textContent).toBe('PENDING,PAID');
    expect(button.textContent).toBe('Estado: 2');
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Pagada' }));
    expect(screen.getByRole('status').textContent).toBe('PENDING');
  });

  it('closes on Escape with the focus back on its button, and on a click outside', () => {
    render(<Filter initial={['PAID']} />);
    const button = screen.getByRole('button', { name: 'Estado: Pagada' });
    fireEvent.click(button);
    const box = screen.getByRole('checkbox', { name: 'Pagada' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    box.focus();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Fuera' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('clears every choice from its panel', () => {
    render(<Filter initial={['PAID', 'PARTIAL']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Estado: 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtro' }));
    expect(screen.getByRole('status').textContent).toBe('');
    const button = screen.getByRole('button', { name: 'Estado' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
