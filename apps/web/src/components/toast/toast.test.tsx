import '../../lib/i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from './toast-region';
import { clearToasts, showToast } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('appear in a polite live region at the top, and a confirmation goes after 3 s', () => {
    render(<ToastRegion />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => void showToast({ kind: 'success', title: 'Perfil actualizado' }));
    expect(region.textContent).toContain('Perfil actualizado');
    expect(screen.queryByRole('button', { name: 'Cerrar aviso' })).toBeNull();
    act(() => vi.advanceTimersByTime(3100));
    expect(region.textContent).not.toContain('Perfil actualizado');
  });

  it('keeps an error for 6 s with a close button, and never stacks the same error twice', () => {
    render(<ToastRegion />);
    act(() => void showToast({ kind: 'error', title: 'Sin conexión con el servidor', key: 'api' }));
    act(() => vi.advanceTimersByTime(3000));
    act(() => void showToast({ kind: 'error', title: 'Sin conexión con el servidor', key: 'api' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Sin conexión con el servidor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('Sin conexión con el servidor')).toBeNull();
  });

  it('shows a notice with a title and its text, and stays while the pointer is on it', () => {
    render(<ToastRegion />);
    act(() => void showToast({ kind: 'info', title: 'Solicitud rechazada', text: 'Motivo: incompleta' }));
    const toast = screen.getByTestId('toast');
    expect(toast.textContent).toContain('Solicitud rechazada');
    expect(toast.textContent).toContain('Motivo: incompleta');
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Solicitud rechazada')).toBeTruthy();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Solicitud rechazada')).toBeNull();
  });
});
