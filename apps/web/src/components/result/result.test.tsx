import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Result } from './result';

describe('Result', () => {
  it('shows the title, subtitle, actions and content, with a decorative status icon', () => {
    const { container } = render(
      <Result
        status="success"
        title={<h1>Enviada</h1>}
        subTitle="Guarde el número"
        extra={[<button key="a">Seguir</button>, <button key="b">Recibo</button>]}
        className="mine"
        data-testid="result"
      >
        <p>Detalles</p>
      </Result>,
    );
    const root = screen.getByTestId('result');
    expect([...root.classList]).toEqual(['ov-result', 'ov-result--success', 'mine']);
    expect(screen.getByRole('heading', { level: 1, name: 'Enviada' }).parentElement?.className).toBe(
      'ov-result__title',
    );
    expect(screen.getByText('Guarde el número').className).toBe('ov-result__subtitle');
    const extra = container.querySelector('.ov-result__extra');
    expect([...(extra?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual([
      'Seguir',
      'Recibo',
    ]);
    expect(screen.getByText('Detalles').parentElement?.className).toBe('ov-result__body');

    const icon = container.querySelector('.ov-result__icon');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.querySelector('.ov-icon svg')).not.toBeNull();
    // Hidden from assistive technology: the icon's own label is not read.
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('uses a given icon instead of the status icon', () => {
    const { container } = render(<Result status="403" icon={<span data-testid="mine" />} title="403" />);
    const icon = container.querySelector('.ov-result__icon');
    expect(icon?.querySelector('[data-testid="mine"]')).not.toBeNull();
    expect(icon?.querySelector('.ov-icon')).toBeNull();
  });

  it('draws a plain icon for 403, 404 and 500 and leaves out what is not given', () => {
    const { container } = render(<Result status="404" title="No encontrado" />);
    expect(container.querySelector('.ov-result__icon .ov-icon svg')).not.toBeNull();
    expect(container.querySelector('svg')?.outerHTML.length).toBeLessThan(2000);
    for (const part of ['subtitle', 'extra', 'body']) {
      expect(container.querySelector(`.ov-result__${part}`)).toBeNull();
    }
  });
});
