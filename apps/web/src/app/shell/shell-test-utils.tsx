import { FEATURES, PERMISSIONS } from '@ov/domain';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import '../../lib/i18n';
import { accessContextOf } from '../../lib/access';
import { type CurrentUser, CurrentUserContext } from '../../lib/current-user';

export const ADMIN: CurrentUser = {
  _id: 'admin',
  email: 'admin@aguasdelahabana.cu',
  firstName: 'Administrador',
  lastName: 'del Sistema',
  status: 'ACTIVE',
  roles: [{ role: { name: 'SUPER_ADMIN', superAdmin: true } }],
  permissions: [PERMISSIONS.ADMIN],
};

export const CUSTOMER: CurrentUser = {
  _id: 'maria',
  email: 'maria.perez@example.cu',
  firstName: 'María',
  lastName: 'Pérez',
  status: 'ACTIVE',
  roles: [{ role: { name: 'USER' } }],
  permissions: [],
};

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders a part of the shell for `user` at `path`, with the current address in `location`. */
export function renderInShell(ui: ReactNode, { user = ADMIN, path = '/' } = {}) {
  const access = accessContextOf(user, { ...FEATURES });
  return render(
    <CurrentUserContext.Provider value={{ user, access }}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </CurrentUserContext.Provider>,
  );
}
