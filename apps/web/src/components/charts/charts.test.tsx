import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartesianChart, niceTicks, PieChart } from './charts';

describe('niceTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(niceTicks(95)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1234).at(-1)).toBeGreaterThanOrEqual(1234);
  });
});

describe('CartesianChart', () => {
  it('draws one bar per value and a dot per known point, and gives the figures as a table', () => {
    render(
      <CartesianChart
        title="Facturación"
        labels={['ene', 'feb', 'mar']}
        details={['enero', 'febrero', 'marzo']}
        height={200}
        series={[
          {
            key: 'a',
            name: 'Importe',
            color: '#00f',
            kind: 'bar',
            values: [10, 20, 5],
            format: (v) => `$${v}`,
          },
          { key: 'm', name: 'Consumo', color: '#0aa', kind: 'line', axis: 'right', values: [3, null, 4] },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Facturación' });
    expect(chart.querySelectorAll('.ov-chart-bar')).toHaveLength(3);
    expect(chart.querySelectorAll('.ov-chart-dot')).toHaveLength(2);
    expect(chart.querySelector('.ov-chart-line')?.getAttribute('points')?.split(' ')).toHaveLength(2);
    // Taller value, taller bar.
    const heights = [...chart.querySelectorAll('.ov-chart-bar')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(heights[1]).toBeGreaterThan(heights[0]);
    expect(heights[0]).toBeGreaterThan(heights[2]);

    const table = screen.getByRole('table', { name: 'Facturación' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ImporteConsumo',
      'enero$103',
      'febrero$20—',
      'marzo$54',
    ]);
  });
});

describe('PieChart', () => {
  it('draws a slice per non-zero value labelled with its share', () => {
    render(
      <PieChart
        title="Por estado"
        height={200}
        valueHeader="Cantidad"
        percentLabel={(share) => `${(share * 100).toFixed(1)} %`}
        slices={[
          { key: 'A', name: 'Pagado', value: 3, color: '#0f0' },
          { key: 'B', name: 'Fallido', value: 1, color: '#f00' },
          { key: 'C', name: 'Cancelado', value: 0, color: '#999' },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Por estado' });
    expect(chart.querySelectorAll('.ov-chart-slice')).toHaveLength(2);
    expect([...chart.querySelectorAll('.ov-chart-slice-label')].map((l) => l.textContent)).toEqual([
      '75.0 %',
      '25.0 %',
    ]);
    const table = screen.getByRole('table', { name: 'Por estado' });
    expect(within(table).getByRole('row', { name: /Fallido/ }).textContent).toBe('Fallido125.0 %');
  });
});
