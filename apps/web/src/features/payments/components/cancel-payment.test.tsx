import type { PaymentDto } from '@ov/domain/payments/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../i18n';
import { ConfirmHost } from '../../../components/confirm-dialog/confirm-dialog';
import { notify } from '../../../lib/notify';
import { cancelPayment } from '../api/payments';
import { PendingPaymentActions, useCancelPayment } from './cancel-payment';

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  cancelPayment: vi.fn(),
}));

const PENDING: PaymentDto = {
  _id: 'p1',
  id: 'p1',
  cc: '2300000000001',
  userId: 'u1',
  guest: false,
  type: 'CC',
  paymentMethods: 'ENZONA',
  status: 'PENDING',
  amountCents: 12_550,
  bonusCents: 0,
  invoiceIds: ['i1'],
  externalId: 'EZ-1',
  gatewayRef: null,
  resultCode: null,
  message: null,
  transactionCode: null,
  redirectUrl: 'https://enzona.example/checkout/1',
  qr: null,
  deepLink: null,
  expiresAt: '2026-11-26T13:00:00Z',
  settledAt: null,
  createdAt: '2026-11-26T12:00:00Z',
  updatedAt: '2026-11-26T12:00:00Z',
};

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

beforeEach(() => {
  vi.mocked(cancelPayment).mockReset();
});

describe('PendingPaymentActions', () => {
  it('offers to resume at EnZona and to cancel, after a confirmation over the button', async () => {
    const success = vi.spyOn(notify, 'success');
    vi.mocked(cancelPayment).mockResolvedValue({ ...PENDING, status: 'CANCELED' });
    wrap(<PendingPaymentActions payment={PENDING} />);
    const resume = screen.getByRole('link', { name: 'Continuar el pago en EnZona' });
    expect(resume.getAttribute('href')).toBe(PENDING.redirectUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar el pago de $125.50?' });
    expect(dialog.textContent).toContain('La orden se anulará en EnZona');
    // "Volver" keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelPayment).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    fireEvent.click(screen.getByTestId('payment-cancel-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelPayment).toHaveBeenCalledWith('p1');
    expect(success).toHaveBeenCalledWith('Pago cancelado');
  });

  it('offers no cancel for a Transfermóvil order nor to someone who is not the payer', () => {
    wrap(
      <>
        <PendingPaymentActions payment={{ ...PENDING, paymentMethods: 'TRANSFERMOVIL', redirectUrl: null }} />
        <PendingPaymentActions payment={PENDING} mayCancel={false} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Cancelar pago' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Continuar el pago en EnZona' })).toHaveLength(1);
  });
});

function MenuLike({ onDone }: { onDone: (after: PaymentDto) => void }) {
  const cancel = useCancelPayment();
  return (
    <button type="button" onClick={() => void cancel(PENDING, onDone)}>
      Acciones: cancelar
    </button>
  );
}

describe('useCancelPayment', () => {
  it('asks in a modal dialog, then cancels and reports the payment as it is now', async () => {
    const after = { ...PENDING, status: 'CANCELED' as const };
    vi.mocked(cancelPayment).mockResolvedValue(after);
    const onDone = vi.fn();
    wrap(
      <>
        <MenuLike onDone={onDone} />
        <ConfirmHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Acciones: cancelar' }));
    expect(screen.getByRole('alertdialog', { name: '¿Cancelar el pago de $125.50?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(cancelPayment).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Acciones: cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(after));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says a refusal as a toast and closes', async () => {
    const error = vi.spyOn(notify, 'error');
    vi.mocked(cancelPayment).mockRejectedValue(new Error('refused'));
    wrap(
      <>
        <MenuLike onDone={vi.fn()} />
        <ConfirmHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Acciones: cancelar' }));
    fireEvent.click(screen.getByTestId('payment-cancel-confirm'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(error).toHaveBeenCalled();
  });
});
