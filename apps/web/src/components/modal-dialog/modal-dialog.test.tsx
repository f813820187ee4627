import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { ModalDialog, type ModalDialogProps } from './modal-dialog';

function Opener(props: Partial<ModalDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Agregar código
      </button>
      <ModalDialog open={open} title="Agregar código de cliente" onCancel={() => setOpen(false)} {...props}>
        <label htmlFor="cc">Código</label>
        <input id="cc" />
      </ModalDialog>
    </>
  );
}

describe('ModalDialog', () => {
  it('is named by its title, takes the focus into its first field, and gives it back on Cancel', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Agregar código' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Agregar código de cliente' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Código'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and on its close button', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Agregar código' });
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByLabelText('Código'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves Escape to a popup inside that handled it', () => {
    const onCancel = vi.fn();
    render(
      <ModalDialog open title="Filtro" onCancel={onCancel}>
        <input aria-label="Buscar" onKeyDown={(event) => event.preventDefault()} />
      </ModalDialog>,
    );
    fireEvent.keyDown(screen.getByLabelText('Buscar'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('draws OK and Cancel with their texts and props, OK busy while confirming', () => {
    const onOk = vi.fn();
    const { rerender } = render(
      <ModalDialog
        open
        title="Quitar"
        onOk={onOk}
        okText="Quitar"
        okButtonProps={{ danger: true, 'data-testid': 'ok' }}
      >
        ¿Seguro?
      </ModalDialog>,
    );
    const ok = screen.getByRole('button', { name: 'Quitar' });
    expect(ok.getAttribute('data-testid')).toBe('ok');
    expect(ok.className).toContain('ov-btn--dangerous');
    fireEvent.click(ok);
    expect(onOk).toHaveBeenCalledTimes(1);
    rerender(
      <ModalDialog open title="Quitar" onOk={onOk} okText="Quitar" confirmLoading>
        ¿Seguro?
      </ModalDialog>,
    );
    expect(screen.getByRole('button', { name: 'Quitar' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('draws a given footer, or none with footer={null}', () => {
    const { rerender } = render(
      <ModalDialog open title="Factura" footer={<button type="button">Pagar</button>}>
        Detalle
      </ModalDialog>,
    );
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    rerender(
      <ModalDialog open title="Factura" footer={null}>
        Detalle
      </ModalDialog>,
    );
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
  });

  it('keeps its content once shown unless destroyOnHidden, and calls afterClose', () => {
    const afterClose = vi.fn();
    const { rerender } = render(
      <ModalDialog open={false} title="T">
        <p>Contenido</p>
      </ModalDialog>,
    );
    expect(screen.queryByText('Contenido')).toBeNull();
    rerender(
      <ModalDialog open title="T" afterClose={afterClose}>
        <p>Contenido</p>
      </ModalDialog>,
    );
    expect(screen.getByText('Contenido')).toBeTruthy();
    rerender(
      <ModalDialog open={false} title="T" afterClose={afterClose}>
        <p>Contenido</p>
      </ModalDialog>,
    );
    expect(afterClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Contenido')).not.toBeNull();
    rerender(
      <ModalDialog open title="T" destroyOnHidden>
        <p>Contenido</p>
      </ModalDialog>,
    );
    rerender(
      <ModalDialog open={false} title="T" destroyOnHidden>
        <p>Contenido</p>
      </ModalDialog>,
    );
    expect(screen.queryByText('Contenido')).toBeNull();
  });

  it('closes on a click on the backdrop (the dialog element itself), not inside', () => {
    const onCancel = vi.fn();
    render(
      <ModalDialog open title="T" onCancel={onCancel}>
        <p>Dentro</p>
      </ModalDialog>,
    );
    fireEvent.mouseDown(screen.getByText('Dentro'));
    fireEvent.click(screen.getByText('Dentro'));
    expect(onCancel).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'T' });
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('uses the width given on wide screens', () => {
    render(
      <ModalDialog open title="Ancho" width={680}>
        x
      </ModalDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Ancho' }).style.getPropertyValue('--ov-modal-width')).toBe(
      '680px',
    );
  });
});
