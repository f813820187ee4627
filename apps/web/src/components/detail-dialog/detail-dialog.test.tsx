import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { rememberTrigger } from '../a11y/focus-return';
import { DetailDialog, type DetailDialogProps } from './detail-dialog';

function Harness({ remember = true, ...props }: Partial<DetailDialogProps> & { remember?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <main id="ov-main">
        <h1>Código 2300000000001</h1>
      </main>
      <button
        type="button"
        onClick={(event) => {
          if (remember) rememberTrigger(event.currentTarget);
          setOpen(true);
        }}
      >
        Abrir
      </button>
      <DetailDialog open={open} mode="view" title="Pago 42" onClose={() => setOpen(false)} {...props}>
        <p>Contenido del pago</p>
      </DetailDialog>
    </div>
  );
}

function renderHarness(props: Partial<DetailDialogProps> & { remember?: boolean } = {}) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  const utils = render(<Harness {...props} />, { container: root });
  return { ...utils, root, opener: screen.getByRole('button', { name: 'Abrir' }) };
}

describe('DetailDialog', () => {
  it('is absent until opened, then a dialog named by its title with focus in it and the page inert', () => {
    const { root, opener, unmount } = renderHarness();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Pago 42' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(root.inert).toBe(true);
    expect(within(dialog).getByRole('region', { name: 'Pago 42' }).textContent).toBe('Contenido del pago');
    expect(within(dialog).getByRole('heading', { name: 'Pago 42' })).toBeTruthy();
    unmount();
    root.remove();
  });

  it('closes with its named close button and with Escape, focus returning to the opener', () => {
    const { root, opener, unmount } = renderHarness();
    fireEvent.click(opener);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(root.inert).toBe(false);
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    unmount();
    root.remove();
  });

  it('opened by a control that only changes the address, closes back to that control, not the heading', () => {
    // The invoice's "Detalles" on a code's page: nothing remembers the trigger (it went to the page's
    // heading, 16 Tabs back from the table).
    const { root, opener, unmount } = renderHarness({ remember: false });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
    unmount();
    root.remove();
  });

  it('shows edit and, after a confirmation, delete in view mode', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { root, opener, unmount } = renderHarness({
      onEdit,
      onDelete,
      deleteConfirmText: 'Se puede recuperar.',
    });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Pago 42' });
    fireEvent.click(within(dialog).getByRole('button', { name: /editar/i }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: /eliminar/i }));
    const confirm = screen.getByRole('dialog', { name: '¿Eliminar este registro?' });
    expect(confirm.textContent).toContain('Se puede recuperar.');
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: /eliminar/i }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    unmount();
    root.remove();
  });

  it('offers cancel and save in edit mode, save busy while saving', () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    const { root, opener, unmount } = renderHarness({ mode: 'edit', onSave, onCancel, saving: true });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getByRole('button', { name: /guardar/i })
        .getAttribute('aria-busy'),
    ).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' }).hasAttribute('disabled')).toBe(true);
    unmount();
    root.remove();
  });

  it('shows a skeleton while loading', () => {
    const { root, opener, unmount } = renderHarness({ loading: true });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('.ov-skeleton--active')).not.toBeNull();
    expect(within(dialog).queryByText('Contenido del pago')).toBeNull();
    unmount();
    root.remove();
  });
});
