import type { ClientCodeSummary } from '@ov/domain/billing/contracts';
import type { AdvanceQuote } from '@ov/domain/payments/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { useAdvanceQuote, useMyCodes } from '../api/payments';
import PrepaidPage from './prepaid-page';

vi.mock('../../../lib/current-user', () => ({
  useCurrentUser: () => ({ access: { features: { enzona: true, transfermovil: true } } }),
}));

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  useMyCodes: vi.fn(),
  useAdvanceQuote: vi.fn(),
}));

const CODE: ClientCodeSummary = {
  cc: '2300000000003',
  holder: 'José Fernández Díaz',
  clientType: 'RESIDENTIAL',
  address: 'Calle 1',
  municipality: 'Plaza',
  municipalityPk: 1,
  commercialOffice: 'Plaza',
  policy: null,
  contractNumber: null,
  active: true,
  totalDebtCents: 0,
  advanceBalanceCents: 12_600,
  associatedAt: null,
};

const QUOTE: AdvanceQuote = {
  allowed: true,
  code: 1,
  message: '',
  minimumCents: 10_000,
  bonusPercent: 5,
  balanceCents: 12_600,
  debtCents: 0,
};

function renderPage() {
  vi.mocked(useMyCodes).mockReturnValue({ isPending: false, data: [CODE] } as never);
  vi.mocked(useAdvanceQuote).mockReturnValue({ isPending: false, isError: false, data: QUOTE } as never);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/payments/prepaid?cc=2300000000003']}>
        <PrepaidPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PrepaidPage', () => {
  it('shows the quote, the balance and bonus, and the minimum under the amount', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Pago adelantado' })).toBeTruthy();
    expect(screen.getByTestId('advance-quote').textContent).toContain(
      'No tiene deuda, puede realizar un pago adelantado',
    );
    expect(screen.getByTestId('advance-bonus-percent').textContent).toContain('5 %');
    const amount = screen.getByRole('textbox', { name: 'Importe a depositar' });
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByTestId('advance-minimum').textContent).toBe('Importe mínimo: $100.00');
    expect(amount.getAttribute('aria-describedby')).toContain(
      screen.getByTestId('advance-minimum').parentElement?.id,
    );
  });

  it('reads the amount as money: bonus, total and button follow it, and it is shown as money once left', () => {
    renderPage();
    const amount = screen.getByRole('textbox', { name: 'Importe a depositar' });
    fireEvent.change(amount, { target: { value: '1234.5' } });
    expect(screen.getByTestId('advance-bonus').textContent).toBe('Recibirá $61.72 de bonificación');
    expect(screen.getByTestId('pay-total').textContent).toBe('$1,234.50');
    expect(screen.getByRole('button', { name: 'Depositar $1,234.50' })).toBeTruthy();
    fireEvent.blur(amount);
    expect((amount as HTMLInputElement).value).toBe('1,234.50');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
  });

  it('says what is wrong once the amount is left: not money, then below the minimum', () => {
    renderPage();
    const amount = screen.getByRole('textbox', { name: 'Importe a depositar' });
    fireEvent.change(amount, { target: { value: 'abc' } });
    // Not while typing.
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(amount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Importe no válido');
    expect(screen.queryByTestId('advance-minimum')).toBeNull();
    // From then on it follows each change.
    fireEvent.change(amount, { target: { value: '0.50' } });
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'El importe mínimo es $100.00',
    );
    expect(screen.getByTestId('pay-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.change(amount, { target: { value: '150' } });
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('advance-minimum').textContent).toBe('Importe mínimo: $100.00');
    expect(screen.getByTestId('pay-submit').hasAttribute('disabled')).toBe(false);
  });
});
