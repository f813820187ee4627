import '../lib/i18n';
import type { ClientCodeSummary } from '@ov/domain/billing/contracts';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { CUSTOMER_PROFILE } from '../test/profiles';
import { App } from './app';
import { signedInChunks, signedInChunksLoaded, startSignedInLoad } from './early-load';

const CC = '2300000000001';
const customer = CUSTOMER_PROFILE;
const card: ClientCodeSummary = {
  cc: CC,
  holder: 'María Pérez González',
  clientType: 'RESIDENTIAL',
  address: 'Calle 17 No. 818',
  municipality: 'Plaza de la Revolución',
  municipalityPk: 2,
  commercialOffice: 'Oficina Comercial Plaza de la Revolución',
  policy: 'P-0001',
  contractNumber: 'C-2019-0001',
  active: true,
  totalDebtCents: 2770,
  advanceBalanceCents: 0,
  associatedAt: '2026-01-10T10:00:00.000Z',
};

/** The API as the code detail's first screen reads it; anything else answers an empty list. */
const ANSWERS: Record<string, unknown> = {
  'GET /api/users/me': customer,
  'GET /api/config': { features: {} },
  'POST /api/ahab-requests/my-ccs': [card],
  'POST /api/ahab-requests/account-summary': { ...card, street: 'Calle 17', number: '818' },
  'POST /api/ahab-requests/total-debt': { cc: CC, totalDebtCents: 2770, pendingInvoices: 3 },
  'POST /api/ahab-requests/consumption': [],
  'POST /api/ahab-requests/invoice-cc': [],
};
const asked = new Map<string, number>();

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
      const body = key in ANSWERS ? ANSWERS[key] : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterAll(() => vi.unstubAllGlobals());

describe('a returning customer opening a code', () => {
  it('gets the page with its facts in the first render, each read asked for once', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-a');
    localStorage.setItem(STORAGE_KEYS.space, 'ahab');
    localStorage.setItem(STORAGE_KEYS.expiresAt, String(Date.now() + 3_600_000));
    localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(customer));
    window.history.replaceState(null, '', `/oficina_virtual/clientCodes/${CC}`);

    startSignedInLoad(window.location, 'es');
    await signedInChunks();
    expect(signedInChunksLoaded()).toBe(true);

    render(<App />);
    // Synchronously, in the first render: without the reads in the cache the page would show its
    // placeholders first, and its facts one render per answer later.
    expect(screen.getByTestId('code-summary').textContent).toContain('María Pérez González');
    expect(screen.getByTestId('office-open').textContent).toBe('Oficina Comercial Plaza de la Revolución');
    expect(document.querySelector('.ov-pending-line')).toBeNull();
    // The page's reads were the entry's early requests, taken by the page's queries: none twice.
    for (const key of Object.keys(ANSWERS)) expect([key, asked.get(key)]).toEqual([key, 1]);
  });
});
