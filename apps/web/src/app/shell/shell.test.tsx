import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { Shell } from './shell';
import { renderInShell } from './shell-test-utils';

vi.mock('./notifications-button', () => ({ NotificationsButton: () => null }));

describe('shell', () => {
  it('has the page landmarks: the side bar with the menu, the header, the main content', () => {
    renderInShell(<Shell>page</Shell>, { path: '/admin/users' });
    expect(screen.getByRole('complementary').contains(screen.getByTestId('side-menu'))).toBe(true);
    expect(screen.getByRole('banner').contains(screen.getByTestId('user-menu'))).toBe(true);
    const main = screen.getByRole('main');
    expect(main.id).toBe('ov-main');
    expect(main.textContent).toContain('page');
    expect(main.contains(screen.getByTestId('breadcrumbs'))).toBe(true);
  });

  it('collapses the side bar to its icons and remembers it', () => {
    const { container, unmount } = renderInShell(<Shell>page</Shell>);
    fireEvent.click(screen.getByRole('button', { name: 'Contraer menú' }));
    expect(container.querySelector('.ov-shell--collapsed')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Panel' }).getAttribute('title')).toBe('Panel');
    expect(screen.getByRole('link', { name: 'Oficina Virtual' }).getAttribute('title')).toBe(
      'Oficina Virtual',
    );
    expect(localStorage.getItem(STORAGE_KEYS.siderCollapsed)).toBe('true');
    unmount();
    renderInShell(<Shell>page</Shell>);
    expect(screen.getByRole('button', { name: 'Expandir menú' })).toBeTruthy();
  });
});
