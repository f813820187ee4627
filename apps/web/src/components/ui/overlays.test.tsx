import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
// Through the index, as pages import them.
import { Button, Popconfirm, Popover, Tooltip } from '.';

describe('Tooltip', () => {
  it('shows on focus, describes its button, hides on Escape and on blur, never taking focus', () => {
    vi.useFakeTimers();
    try {
      render(
        <Tooltip title="Descargar el comprobante">
          <Button aria-label="Comprobante">PDF</Button>
        </Tooltip>,
      );
      const button = screen.getByRole('button', { name: 'Comprobante' });
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => button.focus());
      act(() => vi.runAllTimers());
      const tip = screen.getByRole('tooltip');
      expect(tip.textContent).toBe('Descargar el comprobante');
      expect(button.getAttribute('aria-describedby')).toBe(tip.id);
      expect(document.activeElement).toBe(button);
      fireEvent.keyDown(button, { key: 'Escape' });
      expect(screen.queryByRole('tooltip')).toBeNull();
      expect(document.activeElement).toBe(button);
      act(() => button.blur());
      act(() => button.focus());
      act(() => vi.runAllTimers());
      expect(screen.getByRole('tooltip')).toBeTruthy();
      act(() => button.blur());
      act(() => vi.runAllTimers());
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows on hover and stays while the pointer is over it', () => {
    vi.useFakeTimers();
    try {
      const onClick = vi.fn();
      render(
        <Tooltip title="Columnas">
          <Button aria-label="Columnas" onClick={onClick} />
        </Tooltip>,
      );
      const button = screen.getByRole('button', { name: 'Columnas' });
      // The text repeats the button's name: not read twice.
      expect(button.hasAttribute('aria-describedby')).toBe(false);
      fireEvent.mouseEnter(button);
      act(() => vi.runAllTimers());
      const tip = screen.getByRole('tooltip');
      fireEvent.mouseLeave(button);
      fireEvent.mouseEnter(tip);
      act(() => vi.runAllTimers());
      expect(screen.getByRole('tooltip')).toBeTruthy();
      fireEvent.mouseLeave(tip);
      act(() => vi.runAllTimers());
      expect(screen.queryByRole('tooltip')).toBeNull();
      // The button's own handlers still run.
      fireEvent.click(button);
      expect(onClick).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Popconfirm', () => {
  function setup(onConfirm: () => unknown) {
    render(
      <>
        <Popconfirm
          title="¿Quitar el código 1234?"
          description="Podrá añadirlo de nuevo."
          okText="Quitar"
          cancelText="Cancelar"
          okButtonProps={{ danger: true }}
          onConfirm={onConfirm}
        >
          <Button danger>Quitar código</Button>
        </Popconfirm>
        <button type="button">Fuera</button>
      </>,
    );
    return screen.getByRole('button', { name: 'Quitar código' });
  }

  it('opens a dialog named by its question with focus on Cancel; Escape closes it and focus returns', () => {
    const trigger = setup(vi.fn());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: '¿Quitar el código 1234?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Podrá añadirlo de nuevo.',
    );
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(dialog.id);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Quitar' }).classList.contains('ov-btn--dangerous')).toBe(true);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('confirms with OK, closing at once when nothing is awaited; Cancel and a click outside close too', () => {
    const onConfirm = vi.fn();
    const trigger = setup(onConfirm);
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Fuera' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus moving on past the dialog closes it.
    fireEvent.click(trigger);
    fireEvent.blur(screen.getByRole('button', { name: 'Quitar' }), {
      relatedTarget: screen.getByRole('button', { name: 'Fuera' }),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps OK busy until a returned promise settles, then closes', async () => {
    let resolve: () => void = () => {};
    const trigger = setup(() => new Promise<void>((r) => (resolve = r)));
    fireEvent.click(trigger);
    const ok = screen.getByRole('button', { name: 'Quitar' });
    fireEvent.click(ok);
    expect(ok.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Popover', () => {
  it('is a disclosure: the trigger says whether it is open and which panel it controls', () => {
    render(
      <Popover
        title="Oficina"
        content={<a href="tel:78000000">Llamar</a>}
        trigger="click"
        placement="bottomLeft"
      >
        <Button type="link">Oficina de Plaza</Button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Oficina de Plaza' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel?.textContent).toBe('OficinaLlamar');
    // Right after the trigger: Tab walks from the trigger into it.
    expect(trigger.nextElementSibling).toBe(panel);
    const link = screen.getByRole('link', { name: 'Llamar' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Llamar' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('works around a Tooltip-wrapped button and closes on a click outside', () => {
    render(
      <>
        <Popover content={<p>Elegir columnas</p>} trigger="click">
          <Tooltip title="Columnas">
            <Button aria-label="Columnas" />
          </Tooltip>
        </Popover>
        <p>Fuera</p>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Columnas' });
    fireEvent.click(trigger);
    expect(screen.getByText('Elegir columnas')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Fuera'));
    expect(screen.queryByText('Elegir columnas')).toBeNull();
  });
});
