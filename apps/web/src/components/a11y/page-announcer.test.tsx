import '../../lib/i18n';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTE_ENTRIES } from '../../app/public-routes';
import { PRIVATE_ROUTES } from '../../app/route-table';
import type { RouteEntry } from '../../app/route-types';
import { usePageAnnouncer } from './page-announcer';

function Announcer({ routes }: { routes: readonly RouteEntry[] }) {
  usePageAnnouncer(routes);
  return null;
}

async function titleAt(routes: readonly RouteEntry[], path: string, arrive?: () => Promise<unknown>) {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Announcer routes={routes} />
    </MemoryRouter>,
  );
  if (arrive) await act(async () => void (await arrive()));
  const title = document.title;
  view.unmount();
  return title;
}

describe('the tab title', () => {
  it('names the two verify pages after themselves, not sign-up and the profile', async () => {
    const account = () => import('../../features/account/i18n');
    // The titles follow once the account feature's strings arrive with the page (never a raw key).
    expect(await titleAt(PUBLIC_ROUTE_ENTRIES, '/verify', account)).toBe(
      'Verificación de la cuenta · Oficina Virtual',
    );
    expect(await titleAt(PUBLIC_ROUTE_ENTRIES, '/verify-email', account)).toBe(
      'Confirmación del correo electrónico · Oficina Virtual',
    );
    expect(await titleAt(PRIVATE_ROUTES, '/verify-email', account)).toBe(
      'Confirmación del correo electrónico · Oficina Virtual',
    );
    expect(await titleAt(PUBLIC_ROUTE_ENTRIES, '/register')).toBe('Registrarse · Oficina Virtual');
  });
});
