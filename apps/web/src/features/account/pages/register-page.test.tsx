import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { forgetPublicSwitches } from '../../../lib/public-switches';
import { serveConfig, showPublicPage } from '../../../test/public-pages';
import RegisterPage from './register-page';

// The landing and sign-in pages' side of the switch: app/sign-up-switch.test.tsx.

beforeEach(() => forgetPublicSwitches());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

describe('sign-up switched off in the settings', () => {
  it('the register page says registration is closed, with no form (es and en)', async () => {
    serveConfig(false);
    await showPublicPage(<RegisterPage />);
    expect(screen.getByRole('heading', { name: 'Registro cerrado' })).toBeTruthy();
    expect(screen.getByText('El registro de cuentas nuevas está cerrado en este momento.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).toBeNull();
    expect(document.querySelector('form')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Sign-up closed' })).toBeTruthy();
    expect(screen.getByText('Signing up for new accounts is closed at the moment.')).toBeTruthy();
  });
});

describe('sign-up switched on', () => {
  it('offers the whole form', async () => {
    serveConfig(true);
    await showPublicPage(<RegisterPage />);
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.queryByTestId('signup-closed')).toBeNull();
  });
});
