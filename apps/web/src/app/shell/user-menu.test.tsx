import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, CUSTOMER, renderInShell } from './shell-test-utils';
import { UserMenu } from './user-menu';

vi.mock('../../lib/session-calls', () => ({ signOut: vi.fn(async () => undefined) }));

const button = () => screen.getByTestId('user-menu');
const items = () => screen.getAllByRole('menuitem');
const key = (key: string) => fireEvent.keyDown(document.activeElement as Element, { key });

describe('user menu (WAI-ARIA menu button)', () => {
  it('is a closed menu button named by the user', () => {
    renderInShell(<UserMenu />, { user: CUSTOMER });
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(button().textContent).toContain('María Pérez');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on click with focus on its first item, who is signed in above the items', () => {
    renderInShell(<UserMenu />, { user: CUSTOMER });
    fireEvent.click(button());
    const menu = screen.getByRole('menu', { name: 'María Pérez maria.perez@example.cu' });
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(button().getAttribute('aria-controls')).toBe(menu.id);
    expect(items().map((item) => item.textContent)).toEqual(['Mi perfil', 'Cerrar sesión']);
    expect(document.activeElement).toBe(items()[0]);
  });

  it('offers staff their access requests', () => {
    renderInShell(<UserMenu />, { user: ADMIN });
    fireEvent.click(button());
    expect(items().map((item) => item.textContent)).toEqual([
      'Mi perfil',
      'Solicitudes de acceso',
      'Cerrar sesión',
    ]);
  });

  it('moves focus with the arrows (wrapping), Home and End', () => {
    renderInShell(<UserMenu />, { user: ADMIN });
    button().focus();
    key('ArrowDown');
    expect(document.activeElement).toBe(items()[0]);
    key('ArrowDown');
    expect(document.activeElement).toBe(items()[1]);
    key('End');
    expect(document.activeElement).toBe(items()[2]);
    key('ArrowDown');
    expect(document.activeElement).toBe(items()[0]);
    key('ArrowUp');
    expect(document.activeElement).toBe(items()[2]);
    key('Home');
    expect(document.activeElement).toBe(items()[0]);
  });

  it('opens on ArrowUp with focus on its last item', () => {
    renderInShell(<UserMenu />, { user: ADMIN });
    button().focus();
    key('ArrowUp');
    expect(document.activeElement).toBe(items()[2]);
  });

  it('closes on Escape with focus back on its button', () => {
    renderInShell(<UserMenu />, { user: CUSTOMER });
    fireEvent.click(button());
    key('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button());
  });

  it('closes on a click elsewhere, focus back on its button', async () => {
    vi.useFakeTimers();
    try {
      renderInShell(<UserMenu />, { user: CUSTOMER });
      fireEvent.click(button());
      fireEvent.pointerDown(document.body);
      await act(async () => {
        vi.runAllTimers();
      });
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(button());
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs an item chosen with the keyboard and closes', () => {
    renderInShell(<UserMenu />, { user: CUSTOMER });
    button().focus();
    key('ArrowDown');
    // Enter and Space on a button item are its click.
    fireEvent.click(document.activeElement as Element);
    expect(screen.getByTestId('location').textContent).toBe('/profile/personal');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button());
  });
});
