import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER, renderInShell } from './shell-test-utils';
import { SideMenu } from './side-menu';

const nav = () => screen.getByRole('navigation', { name: 'Menú principal' });
const toggle = (name: string) => within(nav()).getByRole('button', { name });
const link = (name: string) => within(nav()).getByRole('link', { name });

describe('side menu', () => {
  it('is a named navigation of labelled lists of links, the current page marked', () => {
    renderInShell(<SideMenu />, { path: '/admin/users' });
    expect(nav().getAttribute('data-testid')).toBe('side-menu');
    expect(within(nav()).getByRole('list', { name: 'Cliente' })).toBeTruthy();
    expect(within(nav()).getByRole('list', { name: 'Administración' })).toBeTruthy();
    expect(link('Usuarios').getAttribute('aria-current')).toBe('page');
    expect(link('Usuarios').getAttribute('href')).toBe('/admin/users');
    expect(link('Panel').getAttribute('aria-current')).toBeNull();
  });

  it('opens the entry holding the current page, the others closed, each a disclosure button', () => {
    renderInShell(<SideMenu />, { path: '/admin/users/42' });
    const security = toggle('Seguridad');
    expect(security.getAttribute('aria-expanded')).toBe('true');
    const pages = document.getElementById(security.getAttribute('aria-controls') ?? '');
    expect(pages?.hidden).toBe(false);
    expect(within(pages as HTMLElement).getByRole('link', { name: 'Permisos' })).toBeTruthy();
    const lookups = toggle('Nomencladores');
    expect(lookups.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(lookups.getAttribute('aria-controls') ?? '')?.hidden).toBe(true);
    fireEvent.click(lookups);
    expect(lookups.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(security);
    expect(security.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a customer only the customer entries', () => {
    renderInShell(<SideMenu />, { user: CUSTOMER, path: '/payments/payment-record' });
    expect(within(nav()).queryByRole('list', { name: 'Administración' })).toBeNull();
    expect(link('Registro de pagos').getAttribute('aria-current')).toBe('page');
  });

  it('collapsed: icons named by their label and titled with it, the groups apart by a line', () => {
    renderInShell(<SideMenu collapsed />, { path: '/admin/users' });
    expect(link('Panel').getAttribute('title')).toBe('Panel');
    expect(toggle('Seguridad').getAttribute('title')).toBe('Seguridad');
    expect(within(nav()).getAllByRole('separator')).toHaveLength(1);
    // The pages of an entry open beside the bar on demand, even the current one's.
    expect(toggle('Seguridad').getAttribute('aria-expanded')).toBe('false');
  });

  it('collapsed: an entry opened beside the bar closes on Escape, focus back on it', () => {
    renderInShell(<SideMenu collapsed />, { path: '/admin/users' });
    const security = toggle('Seguridad');
    fireEvent.click(security);
    expect(security.getAttribute('aria-expanded')).toBe('true');
    link('Permisos').focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(security.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(security);
  });

  it('tells its caller when a page is chosen (the phone drawer closes)', () => {
    const onNavigate = vi.fn();
    renderInShell(<SideMenu onNavigate={onNavigate} />, { path: '/' });
    fireEvent.click(link('Registro de pagos'));
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(screen.getByTestId('location').textContent).toBe('/payments/payment-record');
  });
});
