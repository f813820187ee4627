import type { PaymentDto } from '@ov/domain/payments/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../i18n';
import { refundPayment } from '../api/payments';
import { RefundDialog } from './refund-dialog';

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  refundPayment: vi.fn(),
}));

const PAID = {
  id: 'p1',
  cc: '2300000000001',
  status: 'PAYED',
  amountCents: 15_600,
} as PaymentDto;

function Page({ onRefunded = async () => {} }: { onRefunded?: () => Promise<unknown> }) {
  const [refunding, setRefunding] = useState<PaymentDto | null>(null);
  return (
    <>
      <button type="button" onClick={() => setRefunding(PAID)}>
        Acciones
      </button>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} onRefunded={onRefunded} />
    </>
  );
}

describe('RefundDialog', () => {
  it('opens named by its title with the focus in the reason, and Escape gives the focus back', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Acciones' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByTestId('refund-dialog');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Reembolsar el pago de $156.00' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByTestId('refund-reason'));
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
    fireEvent.keyDown(screen.getByTestId('refund-reason'), { key: 'Escape' });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('asks the refund once the reason has 3 characters, then closes; the reason is empty again next time', async () => {
    vi.mocked(refundPayment).mockResolvedValue({ ...PAID, status: 'PENDING_REFUNDED' });
    const onRefunded = vi.fn(async () => {});
    render(<Page onRefunded={onRefunded} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acciones' }));
    const refund = screen.getByRole('button', { name: 'Reembolsar' });
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: ' ab ' } });
    expect(refund).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: ' Cobro duplicado ' } });
    expect(refund).toHaveProperty('disabled', false);
    fireEvent.click(refund);
    await waitFor(() => expect(onRefunded).toHaveBeenCalled());
    expect(refundPayment).toHaveBeenCalledWith('p1', 'Cobro duplicado');
    expect(screen.getByTestId('refund-dialog').hasAttribute('open')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Acciones' }));
    expect(screen.getByTestId('refund-reason')).toHaveProperty('value', '');
  });
});
