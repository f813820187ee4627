import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/i18n';
import { ConfirmHost, confirm } from './confirm-dialog';

afterEach(() => act(() => setLanguage('es')));

function ask(options: Parameters<typeof confirm>[0]) {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(options);
  });
  return answer;
}

describe('confirm', () => {
  it('asks in a dialog named by its question, focus on Cancel, and answers no on Cancel', async () => {
    render(
      <>
        <button type="button">Cancelar pago</button>
        <ConfirmHost />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Cancelar pago' });
    trigger.focus();
    const answer = ask({ title: '¿Cancelar el pago de $10.00?', content: 'Las facturas quedan libres.' });
    const dialog = screen.getByRole('alertdialog', { name: '¿Cancelar el pago de $10.00?' });
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Las facturas quedan libres.').getAttribute('id'),
    );
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    expect(document.activeElement).toBe(cancel);
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeTruthy();
    fireEvent.click(cancel);
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('answers yes on OK, with its own texts, a red OK and its test id', async () => {
    render(<ConfirmHost />);
    const answer = ask({
      title: 'Borrar',
      okText: 'Cancelar pago',
      cancelText: 'No cancelar',
      danger: true,
      okTestId: 'payment-cancel-confirm',
    });
    const ok = screen.getByRole('button', { name: 'Cancelar pago' });
    expect(ok.getAttribute('data-testid')).toBe('payment-cancel-confirm');
    expect(ok.className).toContain('ov-btn--dangerous');
    expect(screen.getByRole('button', { name: 'No cancelar' })).toBeTruthy();
    fireEvent.click(ok);
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers no on Escape', async () => {
    render(<ConfirmHost />);
    const answer = ask({ title: 'Borrar' });
    fireEvent(screen.getByRole('alertdialog'), new Event('cancel', { cancelable: true }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps OK busy and the dialog open while onOk runs; a failure leaves it open', async () => {
    render(<ConfirmHost />);
    let fail!: (error: Error) => void;
    const onOk = vi
      .fn()
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            fail = reject;
          }),
      )
      .mockResolvedValueOnce(undefined);
    const answer = ask({ title: 'Borrar', okText: 'Sí, borrar', onOk });
    const ok = screen.getByRole('button', { name: 'Sí, borrar' });
    fireEvent.click(ok);
    await waitFor(() => expect(ok.getAttribute('aria-busy')).toBe('true'));
    // Escape does nothing meanwhile, and a second click does not run it twice.
    fireEvent(screen.getByRole('alertdialog'), new Event('cancel', { cancelable: true }));
    fireEvent.click(ok);
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => fail(new Error('no')));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(ok.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(ok);
    await expect(answer).resolves.toBe(true);
    expect(onOk).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says its default buttons in English', async () => {
    act(() => setLanguage('en'));
    render(<ConfirmHost />);
    const answer = ask({ title: 'Delete?' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
  });

  it('mounts a host of its own when the page has none', async () => {
    let answer!: Promise<boolean>;
    await act(async () => {
      answer = confirm({ title: '¿Seguro?' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: '¿Seguro?' });
    expect(dialog.closest('.ov-confirm-host')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(answer).resolves.toBe(false);
  });
});
