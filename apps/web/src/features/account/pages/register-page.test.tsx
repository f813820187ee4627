import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { forgetPublicSwitches } from '../../../lib/public-switches';
import LoginPage from '../../auth/pages/login-page';
import LandingPage from '../../landing/pages/landing-page';
import RegisterPage from './register-page';

/** /api/config answering sign-up on or off; the municipalities lookup answering an empty list. */
function serve(signup: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).endsWith('/api/config')
        ? {
            space: 'ahab',
            features: { signup, payments: true, enzona: true, transfermovil: true, onboarding: false },
          }
        : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

async function show(page: React.ReactNode) {
  render(<MemoryRouter>{page}</MemoryRouter>);
  // The answer of /api/config arrives.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => forgetPublicSwitches());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

describe('sign-up switched off in the settings', () => {
  it('the register page says registration is closed, with no form (es and en)', async () => {
    serve(false);
    await show(<RegisterPage />);
    expect(screen.getByRole('heading', { name: 'Registro cerrado' })).toBeTruthy();
    expect(screen.getByText('El registro de cuentas nuevas está cerrado en este momento.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).toBeNull();
    expect(document.querySelector('form')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Sign-up closed' })).toBeTruthy();
    expect(screen.getByText('Signing up for new accounts is closed at the moment.')).toBeTruthy();
  });

  it('the landing page and the sign-in page offer no sign-up', async () => {
    serve(false);
    await show(<LandingPage />);
    expect(screen.queryByTestId('entry-register')).toBeNull();
    expect(screen.getByTestId('entry-login')).toBeTruthy();
    await show(<LoginPage />);
    expect(screen.queryByRole('link', { name: 'Regístrese' })).toBeNull();
  });
});

describe('sign-up switched on', () => {
  it('offers the landing card, the sign-in link and the whole form', async () => {
    serve(true);
    await show(<LandingPage />);
    expect(screen.getByTestId('entry-register').getAttribute('href')).toBe('/register');
    await show(<RegisterPage />);
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.queryByTestId('signup-closed')).toBeNull();
  });
});
