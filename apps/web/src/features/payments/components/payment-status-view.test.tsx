import type { PaymentDto } from '@ov/domain/payments/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import '../i18n';
import { usePayment } from '../api/payments';
import { PaymentStatusView } from './payment-status-view';

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  usePayment: vi.fn(),
}));

const BASE: PaymentDto = {
  _id: 'p1',
  id: 'p1',
  cc: '2300000000001',
  userId: 'u1',
  guest: false,
  type: 'CC',
  paymentMethods: 'ENZONA',
  status: 'PAYED',
  amountCents: 12_550,
  bonusCents: 0,
  invoiceIds: ['i1'],
  externalId: 'EZ-1',
  gatewayRef: null,
  resultCode: 2,
  message: null,
  transactionCode: null,
  redirectUrl: null,
  qr: null,
  deepLink: null,
  expiresAt: '2026-11-26T13:00:00Z',
  settledAt: '2026-11-26T12:05:00Z',
  createdAt: '2026-11-26T12:00:00Z',
  updatedAt: '2026-11-26T12:05:00Z',
};

function show(payment: PaymentDto) {
  vi.mocked(usePayment).mockReturnValue({ data: payment, isError: false } as ReturnType<typeof usePayment>);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PaymentStatusView paymentId={payment.id} onAgain={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('es'));
});

describe('the payment result shows the human message, never the raw result code', () => {
  it('a success reads "Pago realizado satisfactoriamente" with no result code (es and en)', async () => {
    show(BASE);
    const result = screen.getByTestId('payment-result');
    expect(screen.getByTestId('payment-result-text').textContent).toBe('Pago realizado satisfactoriamente');
    expect(result.textContent).not.toMatch(/Código de resultado/);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('payment-result-text').textContent).toBe('Payment made successfully');
    expect(result.textContent).not.toMatch(/Result code/);
  });

  it('a failure reads the catalogue message only', () => {
    show({ ...BASE, status: 'FAILED', resultCode: 11, settledAt: null });
    expect(screen.getByTestId('payment-result-text').textContent).toBe(
      'El código de transacción ha expirado',
    );
    expect(screen.getByTestId('payment-result').textContent).not.toMatch(/Código de resultado|código 11/i);
  });
});
