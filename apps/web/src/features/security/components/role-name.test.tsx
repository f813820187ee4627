import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { RoleName } from './role-name';

afterEach(async () => {
  await act(() => i18n.changeLanguage('es'));
});

describe('RoleName', () => {
  it('shows the built-in role by its name in the reader language, never its raw key', async () => {
    const { container } = render(<RoleName name="SUPER_ADMIN" superAdmin />);
    expect(screen.getByText('Superadministrador')).toBeTruthy();
    expect(container.textContent).not.toMatch(/SUPER_?ADMIN/);
    await act(() => i18n.changeLanguage('en'));
    expect(container.textContent).toBe('Super administrator');
  });

  it('shows a role an administrator made by its own name, once', () => {
    const { container } = render(<RoleName name="Cajeros" superAdmin={false} />);
    expect(container.textContent).toBe('Cajeros');
  });
});
