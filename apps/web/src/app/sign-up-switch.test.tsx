import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../features/auth/pages/login-page';
import LandingPage from '../features/landing/pages/landing-page';
import i18n from '../lib/i18n';
import { forgetPublicSwitches } from '../lib/public-switches';
import { serveConfig, showPublicPage } from '../test/public-pages';

// The sign-up switch (settings) across the public pages; the register page's own side is in
// features/account/pages/register-page.test.tsx.

beforeEach(() => forgetPublicSwitches());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

describe('sign-up switched off in the settings', () => {
  it('the landing page and the sign-in page offer no sign-up', async () => {
    serveConfig(false);
    await showPublicPage(<LandingPage />);
    expect(screen.queryByTestId('entry-register')).toBeNull();
    expect(screen.getByTestId('entry-login')).toBeTruthy();
    await showPublicPage(<LoginPage />);
    expect(screen.queryByRole('link', { name: 'Regístrese' })).toBeNull();
  });
});

describe('sign-up switched on', () => {
  it('offers the landing card to the register page', async () => {
    serveConfig(true);
    await showPublicPage(<LandingPage />);
    expect(screen.getByTestId('entry-register').getAttribute('href')).toBe('/register');
  });
});
