import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { renderInShell } from './shell-test-utils';

describe('breadcrumbs', () => {
  it('are a named navigation with an ordered list: pages as links, sections as text, the page current', () => {
    renderInShell(<AppBreadcrumbs />, { path: '/admin/users' });
    const nav = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Inicio', '/Administración', '/Usuarios']);
    expect(within(nav).getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe('/');
    expect(within(nav).queryByRole('link', { name: 'Administración' })).toBeNull();
    expect(
      within(items[2] as HTMLElement)
        .getByText('Usuarios')
        .getAttribute('aria-current'),
    ).toBe('page');
  });
});
