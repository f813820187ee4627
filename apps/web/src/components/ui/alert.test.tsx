import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { Alert } from './alert';

describe('Alert', () => {
  it('announces errors and warnings as alerts, with a decorative icon of the type', () => {
    render(<Alert type="error" showIcon title="No se pudo pagar" description="Código 497" data-testid="e" />);
    const alert = screen.getByRole('alert');
    expect(alert).toBe(screen.getByTestId('e'));
    expect(alert.textContent).toBe('No se pudo pagarCódigo 497');
    expect(alert.classList.contains('ov-alert--error')).toBe(true);
    expect(alert.classList.contains('ov-alert--with-description')).toBe(true);
    const icon = alert.querySelector('.ov-alert__icon');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.querySelector('.anticon-close-circle')).not.toBeNull();
  });

  it('gives success and info the polite status role, takes the old `message`, and a role override', () => {
    const { rerender } = render(<Alert type="info" message="Solo lectura" />);
    expect(screen.getByRole('status').textContent).toBe('Solo lectura');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.ov-alert__icon')).toBeNull();
    rerender(<Alert type="warning" title="Código inactivo" role="status" />);
    expect(screen.getByRole('status').textContent).toBe('Código inactivo');
  });

  it('shows an action and closes with a named close button', () => {
    const onClose = vi.fn();
    render(
      <Alert
        type="success"
        showIcon
        title="Guardado"
        action={<button type="button">Ver</button>}
        closable
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('button', { name: 'Ver' })).toBeTruthy();
    expect(document.querySelector('.anticon-check-circle')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Guardado')).toBeNull();
  });
});
