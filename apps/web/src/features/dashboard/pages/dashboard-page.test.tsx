import { dashboardDefaultRange, datePresetRange } from '@ov/domain/filters';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { useDashboard, usePostingSummary } from '../api/dashboard';
import { DashboardPage } from './dashboard-page';

vi.mock('../../../lib/current-user', () => ({
  useCurrentUser: () => ({ user: { fullName: 'Ana Admin', email: 'a@b.cu' } }),
  displayName: () => 'Ana Admin',
}));
vi.mock('../api/dashboard', () => ({
  useDashboard: vi.fn(),
  usePostingSummary: vi.fn(() => ({
    data: { enabled: false, pending: 0, refused: 0, oldestPendingAt: null },
  })),
}));
vi.mock('../components/dashboard-charts', () => ({ default: () => null }));

const idle = { isPending: false, data: undefined };
const day = (date: Date) => dayjs(date).format('DD/MM/YYYY');
const lastRange = () => vi.mocked(useDashboard).mock.calls.at(-1)?.[0];

function renderPage() {
  vi.mocked(useDashboard).mockReturnValue({
    users: { ...idle, data: [] },
    data: idle,
    histogram: idle,
    byStatus: idle,
  } as never);
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <DashboardPage />
    </QueryClientProvider>,
  );
  return container;
}

describe('DashboardPage', () => {
  it('shows no commercial system card with the built-in ledger', () => {
    renderPage();
    expect(screen.queryByTestId('card-postings')).toBeNull();
  });

  it('with the commercial system over HTTP: a card of the payments waiting to be posted and refused there', () => {
    vi.mocked(usePostingSummary).mockReturnValueOnce({
      data: { enabled: true, pending: 3, refused: 1, oldestPendingAt: '2026-11-27T15:42:00.000Z' },
    } as never);
    renderPage();
    const card = screen.getByTestId('card-postings');
    expect(card.textContent).toContain('Sistema comercial');
    expect(screen.getByTestId('card-postings-value').textContent).toBe('3');
    expect(card.textContent).toContain('pagos pendientes de asentar');
    expect(screen.getByTestId('card-postings-refused').textContent).toBe('1');
  });

  it('filters by the portal’s one date range control (typed dd/mm/aaaa), not antd’s range picker', () => {
    const container = renderPage();
    expect(container.querySelector('.ant-picker-range, .ant-picker')).toBeNull();
    const group = screen.getByRole('group', { name: 'Período' });
    expect(group.classList.contains('ov-date-range')).toBe(true);
    const { from, to } = dashboardDefaultRange();
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe(day(from));
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe(day(to));
    // Always a range: no clear button; the default (three months back) is no preset.
    expect(screen.queryByRole('button', { name: 'Borrar las fechas' })).toBeNull();
    const presets = screen.getByRole('combobox', { name: 'Período predefinido' }) as HTMLSelectElement;
    expect(presets.selectedOptions[0].textContent).toBe('Personalizado');
    expect(lastRange()).toEqual(dashboardDefaultRange());
  });

  it('a preset queries its range, from the start of the first day to the end of the last, and shows in the fields', () => {
    renderPage();
    const presets = screen.getByRole('combobox', { name: 'Período predefinido' }) as HTMLSelectElement;
    const option = [...presets.options].find((o) => o.textContent === 'Últimos 7 días');
    fireEvent.change(presets, { target: { value: option?.value } });
    const expected = datePresetRange('last7Days');
    expect(lastRange()).toEqual(expected);
    expect(presets.selectedOptions[0].textContent).toBe('Últimos 7 días');
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe(day(expected.from));
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe(day(expected.to));
  });

  it('a typed range is queried whole days; a half-typed one keeps the last full range', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '01/03/2026' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '31/03/2026' } });
    const march = { from: dayjs('2026-03-01').toDate(), to: dayjs('2026-03-31').endOf('day').toDate() };
    expect(lastRange()).toEqual(march);
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '' } });
    expect(lastRange()).toEqual(march);
  });
});
