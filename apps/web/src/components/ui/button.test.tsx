import { DeleteOutlined } from '@ant-design/icons';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a button named by its text, of type "button" unless told, with the look in its classes', () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement | HTMLAnchorElement>();
    render(
      <Button type="primary" size="large" onClick={onClick} ref={ref} className="mine" data-testid="pay">
        Pagar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pagar' });
    expect(button.getAttribute('type')).toBe('button');
    expect([...button.classList]).toEqual(['ov-btn', 'ov-btn--primary', 'ov-btn--large', 'mine']);
    expect(screen.getByTestId('pay')).toBe(button);
    expect(ref.current).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('submits a form with htmlType="submit"', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button htmlType="submit">Enviar</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is an icon-only button named by aria-label, its icon hidden, danger and text', () => {
    render(<Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar" />);
    const button = screen.getByRole('button', { name: 'Quitar' });
    expect(button.classList.contains('ov-btn--dangerous')).toBe(true);
    expect(button.classList.contains('ov-btn--icon-only')).toBe(true);
    expect(button.querySelector('.ov-btn__icon')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('while loading shows a spinner, says it is busy, stays focusable and ignores clicks', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <Button htmlType="submit" loading onClick={onClick}>
          Guardar
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.querySelector('.anticon-loading')).not.toBeNull();
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is disabled for real when disabled', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Seguir
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Seguir' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a link drawn as a button with href, safe when opening a new tab', () => {
    render(
      <Button type="primary" href="https://pasarela.example/pay" target="_blank">
        Continuar el pago
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Continuar el pago' });
    expect(link.getAttribute('href')).toBe('https://pasarela.example/pay');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.classList.contains('ov-btn--primary')).toBe(true);
  });

  it('puts the icon after the text with iconPlacement="end" and is block and circle when asked', () => {
    render(
      <Button icon={<span data-testid="icon" />} iconPlacement="end" block shape="circle">
        Siguiente
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Siguiente' });
    expect(button.lastElementChild?.querySelector('[data-testid="icon"]')).not.toBeNull();
    expect(button.classList.contains('ov-btn--block')).toBe(true);
    expect(button.classList.contains('ov-btn--circle')).toBe(true);
  });
});
