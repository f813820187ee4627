import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { Empty } from './empty';
import { Skeleton } from './skeleton';
import { Spin } from './spin';

describe('Spin', () => {
  it('is a status named "Cargando…" with hidden dots, sized', () => {
    render(<Spin size="large" />);
    const spin = screen.getByRole('status', { name: 'Cargando…' });
    expect(spin.classList.contains('ov-spin--large')).toBe(true);
    expect(spin.classList.contains('ov-spin--spinning')).toBe(true);
    expect(spin.querySelector('.ov-spin__dots')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is named by its text when it has one, and is gone when not spinning', () => {
    const { rerender } = render(<Spin description="Esperando la confirmación" />);
    expect(screen.getByRole('status', { name: 'Esperando la confirmación' })).toBeTruthy();
    rerender(<Spin spinning={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('covers its children while spinning: busy and out of reach', () => {
    const { rerender, container } = render(
      <Spin spinning>
        <button type="button">Pagar</button>
      </Spin>,
    );
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeTruthy();
    expect(screen.getByText('Pagar').closest('[inert]')).not.toBeNull();
    rerender(
      <Spin spinning={false}>
        <button type="button">Pagar</button>
      </Spin>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar' }).closest('[inert]')).toBeNull();
  });
});

describe('Skeleton', () => {
  it('draws a title and the rows asked for, hidden from assistive technology, and says it is loading', () => {
    const { container } = render(<Skeleton active paragraph={{ rows: 4 }} className="mine" />);
    const root = container.firstElementChild as HTMLElement;
    expect([...root.classList]).toEqual(['ov-skeleton', 'ov-skeleton--active', 'mine']);
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Cargando…').className).toBe('ov-visually-hidden');
    expect(container.querySelectorAll('.ov-skeleton__title')).toHaveLength(1);
    const rows = container.querySelectorAll('.ov-skeleton__paragraph li');
    expect(rows).toHaveLength(4);
    expect((rows[3] as HTMLElement).style.width).toBe('61%');
    expect(container.querySelector('.ov-skeleton__content')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows its children once not loading, and has Node, Image and Input shapes', () => {
    const { rerender, container } = render(
      <Skeleton loading={false}>
        <p>Listo</p>
      </Skeleton>,
    );
    expect(screen.getByText('Listo')).toBeTruthy();
    rerender(<Skeleton.Node active className="ov-chart__skeleton" />);
    expect(container.firstElementChild?.className).toBe(
      'ov-skeleton ov-skeleton--node ov-skeleton--active ov-chart__skeleton',
    );
    rerender(<Skeleton.Image active style={{ width: 180, height: 180 }} />);
    expect((container.firstElementChild as HTMLElement).style.width).toBe('180px');
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    rerender(<Skeleton.Input active size="small" block />);
    expect(container.firstElementChild?.classList.contains('ov-skeleton--block')).toBe(true);
  });
});

describe('Empty', () => {
  it('shows a decorative tray, the text and the actions', () => {
    const { container } = render(
      <Empty description="No tiene códigos">
        <a href="/codes">Añadir un código</a>
      </Empty>,
    );
    expect(screen.getByText('No tiene códigos').className).toBe('ov-empty__description');
    expect(screen.getByRole('link', { name: 'Añadir un código' })).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says "Sin datos" unless told, small with the simple image', () => {
    const { container } = render(<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);
    expect(screen.getByText('Sin datos')).toBeTruthy();
    expect(container.firstElementChild?.classList.contains('ov-empty--simple')).toBe(true);
  });
});
