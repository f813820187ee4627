import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { type ConfirmOptions, useConfirm } from './confirm-dialog';

function Harness({ options }: { options: ConfirmOptions }) {
  const [confirm, element] = useConfirm();
  return (
    <>
      <button type="button" onClick={() => confirm(options)}>
        Borrar fila
      </button>
      {element}
    </>
  );
}

describe('useConfirm', () => {
  it('asks in an alert dialog with focus on Cancel, and Cancel closes it back to the opener', () => {
    const onOk = vi.fn();
    render(
      <Harness
        options={{
          title: '¿Eliminar?',
          content: 'No se puede deshacer.',
          okText: 'Eliminar',
          danger: true,
          onOk,
        }}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Borrar fila' });
    act(() => opener.focus());
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No se puede deshacer.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByRole('button', { name: 'Eliminar' }).className).toContain('ov-btn--dangerous');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onOk).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape (the dialog cancel event)', () => {
    render(<Harness options={{ title: '¿Seguro?' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar fila' }));
    fireEvent(screen.getByRole('alertdialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps OK busy until its promise settles, then closes; stays open when it fails', async () => {
    let finish!: () => void;
    let fail!: (error: Error) => void;
    const onOk = vi
      .fn()
      .mockImplementationOnce(() => new Promise<void>((_resolve, reject) => (fail = reject)))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness options={{ title: '¿Confirmar el reembolso?', onOk }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar fila' }));
    const ok = () => within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Aceptar' });
    fireEvent.click(ok());
    expect(ok().getAttribute('aria-busy')).toBe('true');
    await act(async () => fail(new Error('no')));
    expect(ok().getAttribute('aria-busy')).toBeNull();
    fireEvent.click(ok());
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onOk).toHaveBeenCalledTimes(2);
  });
});
