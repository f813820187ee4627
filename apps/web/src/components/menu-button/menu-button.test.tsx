import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { Button } from '../ui';
import { MenuButton } from './menu-button';

function renderMenu(onChoose = vi.fn()) {
  const view = vi.fn();
  const remove = vi.fn();
  const mail = vi.fn();
  render(
    <>
      <MenuButton
        onChoose={onChoose}
        items={[
          { key: 'view', icon: <EyeOutlined />, label: 'Detalles', onClick: view },
          { key: 'mail', label: 'Enviar correo', disabled: true, onClick: mail },
          { key: 'sep', type: 'divider' },
          { key: 'delete', icon: <DeleteOutlined />, label: 'Eliminar', danger: true, onClick: remove },
        ]}
      >
        <Button aria-label="Acciones">⋮</Button>
      </MenuButton>
      <button type="button">Fuera</button>
    </>,
  );
  return { view, remove, mail, onChoose, button: screen.getByRole('button', { name: 'Acciones' }) };
}

describe('MenuButton', () => {
  it('opens a named menu on click with focus on its first item', () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Acciones' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Detalles',
      'Enviar correo',
      'Eliminar',
    ]);
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Detalles' }));
  });

  it('moves with the arrows (wrapping), Home and End, and a first letter', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const item = (name: string) => screen.getByRole('menuitem', { name });
    expect(document.activeElement).toBe(item('Eliminar'));
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Detalles'));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Enviar correo'));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(item('Eliminar'));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(item('Detalles'));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Eliminar'));
    fireEvent.keyDown(menu, { key: 'e' });
    expect(document.activeElement).toBe(item('Enviar correo'));
  });

  it('closes on Escape with focus back on the button, and on a click outside', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Fuera' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs a chosen item after returning focus to the button, and ignores a disabled one', () => {
    const { button, view, mail, onChoose } = renderMenu();
    fireEvent.click(button);
    const disabled = screen.getByRole('menuitem', { name: 'Enviar correo' });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(disabled);
    expect(mail).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();

    act(() => screen.getByRole('menuitem', { name: 'Detalles' }).click());
    expect(view).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalledWith(button, 'view');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('marks a danger item and, for a choice, the chosen entry', () => {
    render(
      <MenuButton
        label="Tamaño de fila"
        items={[
          { key: 'big', label: 'Grande', checked: false },
          { key: 'small', label: 'Pequeño', checked: true },
        ]}
      >
        <Button aria-label="Tamaño">↕</Button>
      </MenuButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tamaño' }));
    expect(screen.getByRole('menu', { name: 'Tamaño de fila' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Pequeño' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'Grande' }).getAttribute('aria-checked')).toBe('false');
  });

  it('leaves with Tab from the trigger (the browser moves on past it), with Shift+Tab onto it', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Detalles' }), { key: 'Tab' })).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    const item = screen.getByRole('menuitem', { name: 'Detalles' });
    expect(fireEvent.keyDown(item, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes when focus moves elsewhere', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    act(() => screen.getByRole('button', { name: 'Fuera' }).focus());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a header above the menu, and link entries that Space follows too', () => {
    function Where() {
      return <output data-testid="where">{useLocation().pathname}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <MenuButton
          label="Menú de usuario"
          className="extra"
          testId="panel"
          header={<strong>Ana Pérez</strong>}
          items={[
            { key: 'profile', label: 'Mi perfil', to: '/profile' },
            { key: 'out', label: 'Salir', danger: true },
          ]}
        >
          <button type="button">Ana</button>
        </MenuButton>
        <Where />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Ana' });
    fireEvent.click(button);
    const panel = screen.getByTestId('panel');
    expect(panel.className).toBe('ov-actions-menu extra');
    expect(panel.textContent).toContain('Ana Pérez');
    const menu = within(panel).getByRole('menu', { name: 'Menú de usuario' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(within(menu).queryByText('Ana Pérez')).toBeNull();
    const link = within(menu).getByRole('menuitem', { name: 'Mi perfil' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/profile');
    expect(document.activeElement).toBe(link);
    fireEvent.keyDown(link, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Salir' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    act(() => {
      fireEvent.keyDown(link, { key: ' ' });
    });
    expect(screen.getByTestId('where').textContent).toBe('/profile');
    expect(screen.queryByTestId('panel')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
