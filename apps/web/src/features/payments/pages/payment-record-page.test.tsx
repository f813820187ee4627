import { PERMISSIONS } from '@ov/domain/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { useCommercialKind } from '../api/payments';
import PaymentRecordPage from './payment-record-page';

vi.mock('../../../lib/current-user', () => ({
  useCurrentUser: () => ({
    user: { _id: 'staff', email: 'ana@b.cu', roles: [] },
    access: { permissions: [PERMISSIONS.INVOICE_READ], isCustomer: false, features: {} },
  }),
}));

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  useCommercialKind: vi.fn(),
  recordsQuery: () => ({
    queryKey: ['payments', 'records', 'test'],
    queryFn: async () => ({ items: [], total: 0 }),
  }),
}));

function renderPage(kind: 'ledger' | 'http' | undefined) {
  vi.mocked(useCommercialKind).mockReturnValue(kind);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter initialEntries={['/payments/payment-record']}>
          <Routes>
            <Route path="/payments/payment-record/*" element={<PaymentRecordPage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('PaymentRecordPage (staff)', () => {
  it('with the built-in ledger (nothing is posted): no posting filter, no reconciliation', async () => {
    renderPage('ledger');
    await screen.findByTestId('records-export');
    expect(screen.queryByTestId('filter-posting')).toBeNull();
    expect(screen.queryByTestId('reconciliation-download')).toBeNull();
  });

  it('until the mode is known, neither shows', async () => {
    renderPage(undefined);
    await screen.findByTestId('records-export');
    expect(screen.queryByTestId('filter-posting')).toBeNull();
    expect(screen.queryByTestId('reconciliation-download')).toBeNull();
  });

  it('with the commercial system over HTTP: the posting filter and the reconciliation CSV', async () => {
    renderPage('http');
    await screen.findByTestId('records-export');
    expect(screen.getByTestId('filter-posting')).toBeTruthy();
    expect(screen.getByTestId('reconciliation-download')).toBeTruthy();
  });
});
