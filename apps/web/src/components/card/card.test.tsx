import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it('draws its title as a heading of the given level, the extra beside it and the body', () => {
    const { container } = render(
      <Card
        title="Facturas"
        extra={<a href="#all">Todas</a>}
        className="mine"
        data-testid="card"
        headingLevel={3}
      >
        <p>Contenido</p>
      </Card>,
    );
    const card = screen.getByTestId('card');
    expect(card.tagName).toBe('DIV');
    expect([...card.classList]).toEqual(['ov-card', 'mine']);
    const heading = screen.getByRole('heading', { level: 3, name: 'Facturas' });
    expect(heading.className).toBe('ov-card__title');
    expect(heading.parentElement?.className).toBe('ov-card__head');
    expect(screen.getByRole('link', { name: 'Todas' }).parentElement?.className).toBe('ov-card__extra');
    expect(screen.getByText('Contenido').parentElement?.className).toBe('ov-card__body');
    expect(container.querySelector('.ov-card__actions')).toBeNull();
  });

  it('uses a level 2 heading by default, plain text when asked, and no header without a title', () => {
    const { rerender, container } = render(<Card title="Pagos">x</Card>);
    expect(screen.getByRole('heading', { level: 2, name: 'Pagos' })).toBeTruthy();
    rerender(
      <Card title="Pagos" headingLevel={false}>
        x
      </Card>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Pagos').className).toBe('ov-card__title');
    rerender(<Card>x</Card>);
    expect(container.querySelector('.ov-card__head')).toBeNull();
  });

  it('is a region named by its title when drawn as a section', () => {
    render(
      <Card as="section" title="Sesiones">
        x
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Sesiones' }).tagName).toBe('SECTION');
  });

  it('keeps the given ARIA and data attributes, and draws the variants and actions', () => {
    render(
      <Card
        role="region"
        aria-labelledby="mine"
        data-payment-id="p1"
        size="small"
        variant="borderless"
        hoverable
        hidden
        bodyClassName="inner"
        bodyStyle={{ padding: 4 }}
        actions={[<button key="a">Editar</button>, <button key="b">Borrar</button>]}
        data-testid="card"
      >
        <h2 id="mine">Transfermóvil</h2>
      </Card>,
    );
    const card = screen.getByTestId('card');
    expect(card.getAttribute('aria-labelledby')).toBe('mine');
    expect(card.getAttribute('role')).toBe('region');
    expect(card.dataset.paymentId).toBe('p1');
    expect(card.hidden).toBe(true);
    expect([...card.classList]).toEqual([
      'ov-card',
      'ov-card--small',
      'ov-card--borderless',
      'ov-card--hoverable',
    ]);
    const body = card.querySelector('.ov-card__body') as HTMLElement;
    expect(body.className).toBe('ov-card__body inner');
    expect(body.style.padding).toBe('4px');
    const items = card.querySelectorAll('.ov-card__actions > li');
    expect([...items].map((item) => item.textContent)).toEqual(['Editar', 'Borrar']);
  });
});
