import '../i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import type { Role } from '../types';
import { PermissionMatrix } from './permission-matrix';

vi.mock('../api/roles', () => ({
  ROLES_QUERY_KEY: ['security', 'roles'],
  setRolePermissions: vi.fn(),
  usePermissionGroups: () => ({
    isPending: false,
    data: [
      { group: 'USER', actions: ['READ', 'WRITE'], permissions: ['USER:READ', 'USER:WRITE'] },
      { group: 'ADMIN', actions: [], permissions: ['ADMIN'] },
    ],
  }),
}));

const role: Role = {
  _id: 'r1',
  id: 'r1',
  name: 'Cajeros',
  description: null,
  superAdmin: false,
  system: false,
  permissions: ['USER:READ'],
  users: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
};

function renderMatrix() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <PermissionMatrix role={role} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('es'));
});

describe('the role editor', () => {
  it('names each box by its group and action as people read them, never the key (it was USER:READ)', async () => {
    renderMatrix();
    expect((screen.getByRole('checkbox', { name: 'Usuarios: Leer' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Usuarios: Escribir' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.queryByRole('checkbox', { name: /USER:/ })).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('checkbox', { name: 'Users: Read' })).toBeTruthy();
  });
});
