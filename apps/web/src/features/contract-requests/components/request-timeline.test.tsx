import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { RequestTimeline } from './request-timeline';

const titles = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-steps-item-title')].map((e) => e.textContent);

describe('the request timeline', () => {
  it('lists "Detenida por deuda" where the status machine has it: after "En trámite", before "Firmada"', () => {
    const { container } = render(
      <RequestTimeline
        status="DEBT_PENDING"
        history={[
          { status: 'NEW', at: '2026-11-02T10:00:00Z' },
          { status: 'PENDING', at: '2026-11-03T10:00:00Z' },
          { status: 'DEBT_PENDING', at: '2026-11-04T10:00:00Z' },
        ]}
        language="es"
      />,
    );
    expect(titles(container)).toEqual([
      'Nueva',
      'En trámite',
      'Detenida por deuda',
      'En revisión',
      'Lista para firmar',
      'Firmada',
    ]);
    expect(container.querySelector('.ant-steps-item-error')?.textContent).toContain('Detenida por deuda');
    expect(container.textContent).toContain('04/11/2026');
  });

  it('leaves "held for debt" out of a request never held, and ends an annulled one with "Anulada"', () => {
    const signed = render(
      <RequestTimeline
        status="SIGNED"
        history={[{ status: 'NEW', at: '2026-11-02T10:00:00Z' }]}
        language="es"
      />,
    );
    expect(titles(signed.container)).not.toContain('Detenida por deuda');
    signed.unmount();
    const annulled = render(
      <RequestTimeline
        status="ANNULLED"
        history={[
          { status: 'NEW', at: '2026-11-02T10:00:00Z' },
          { status: 'PENDING', at: '2026-11-03T10:00:00Z' },
          { status: 'ANNULLED', at: '2026-11-05T10:00:00Z' },
        ]}
        language="es"
      />,
    );
    expect(titles(annulled.container)).toEqual(['Nueva', 'En trámite', 'Anulada']);
  });
});
