import type { PaymentDto } from '@ov/domain/payments/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../i18n';
import { ConfirmHost } from '../../../components/confirm-dialog/confirm-dialog';
import { choosePosting } from '../api/payments';
import { RecordDetail } from './record-detail';

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  choosePosting: vi.fn(async () => ({})),
}));

const REFUSED: PaymentDto = {
  _id: 'p1',
  id: 'p1',
  cc: '2300000000004',
  userId: 'u1',
  guest: false,
  type: 'CC',
  paymentMethods: 'TRANSFERMOVIL',
  status: 'PAYED',
  amountCents: 485_730,
  bonusCents: 0,
  invoiceIds: ['i1'],
  externalId: 'TM-1',
  gatewayRef: 'G-1',
  resultCode: 2,
  message: null,
  transactionCode: null,
  redirectUrl: null,
  qr: null,
  deepLink: null,
  expiresAt: '2026-11-26T13:00:00Z',
  settledAt: '2026-11-26T12:01:00Z',
  createdAt: '2026-11-26T12:00:00Z',
  updatedAt: '2026-11-26T12:01:00Z',
  posting: {
    status: 'REFUSED',
    type: 'CC',
    attempts: 1,
    postingId: null,
    refusalReason: 'ALREADY_PAID',
    choice: null,
    lastError: null,
    nextAttemptAt: null,
    postedAt: null,
    refusedAt: '2026-11-26T12:02:00Z',
    resolvedAt: null,
  },
};

function show(row: PaymentDto, props: { payer?: boolean; settles?: boolean }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RecordDetail row={row} {...props} />
      <ConfirmHost />
    </QueryClientProvider>,
  );
}

describe('RecordDetail: the payment in the commercial system', () => {
  it('a refused payment shows its reason and asks its payer to choose; the advance is confirmed first', async () => {
    show(REFUSED, { payer: true });
    expect(screen.getByTestId('posting-status').textContent).toBe('Rechazado por el sistema comercial');
    expect(screen.getByTestId('posting-reason').textContent).toBe(
      'La factura ya se pagó en la oficina comercial',
    );
    fireEvent.click(screen.getByTestId('posting-advance'));
    fireEvent.click(await screen.findByTestId('posting-advance-confirm'));
    await waitFor(() => expect(choosePosting).toHaveBeenCalledWith('p1', 'ADVANCE', 'owner'));
  });

  it('staff who may refund settle it through their route; staff who only read see no buttons', async () => {
    const { unmount } = show(REFUSED, { settles: true });
    fireEvent.click(screen.getByTestId('posting-refund'));
    fireEvent.click(await screen.findByTestId('posting-refund-confirm'));
    await waitFor(() => expect(choosePosting).toHaveBeenCalledWith('p1', 'REFUND', 'staff'));
    unmount();
    show(REFUSED, {});
    expect(screen.queryByTestId('posting-choice-actions')).toBeNull();
  });

  it('a settled one shows the choice, and a payment without a posting (built-in ledger) nothing of it', () => {
    const { unmount } = show(
      {
        ...REFUSED,
        posting: { ...REFUSED.posting!, status: 'RESOLVED', choice: 'ADVANCE', postingId: 'P-9' },
      },
      { payer: true },
    );
    expect(screen.getByTestId('posting-choice').textContent).toBe('Adelanto del código');
    expect(screen.queryByTestId('posting-choice-actions')).toBeNull();
    unmount();
    show({ ...REFUSED, posting: undefined }, { payer: true });
    expect(screen.queryByTestId('posting-status')).toBeNull();
  });
});
