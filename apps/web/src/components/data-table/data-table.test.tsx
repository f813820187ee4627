import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { DataTable, type DataTableProps } from './data-table';
import { pageItems } from './pager';

interface Row {
  id: string;
  number: string;
  cents: number;
}

const ROWS: Row[] = [
  { id: 'a', number: 'F-1', cents: 1640 },
  { id: 'b', number: 'F-2', cents: 0 },
];

const COLUMNS = [
  { key: 'number', title: 'Factura', rowHeader: true, render: (row: Row) => row.number },
  {
    key: 'amount',
    title: 'Importe',
    align: 'end' as const,
    from: 'lg' as const,
    render: (row: Row) => `$${row.cents / 100}`,
  },
];

/** The table under test: the two invoices with their columns, and whatever a test adds. */
function Invoices(props: Partial<DataTableProps<Row>>) {
  return <DataTable caption="Facturas" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} {...props} />;
}

describe('pageItems', () => {
  it('shows the ends, the current page and its neighbours, with gaps between', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    // A gap of one page shows that page instead of "…".
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageItems(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('DataTable', () => {
  it('is a table named by its caption, with column and row headers', () => {
    render(<Invoices />);
    const table = screen.getByRole('table', { name: 'Facturas' });
    expect(within(table).getByRole('rowheader', { name: 'F-1' })).toBeTruthy();
    // The test setup's viewport matches no width: the column shown from 992 px is not drawn at all.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Factura']);
    expect(within(table).queryByText('$16.4')).toBeNull();
  });

  it('draws the wide columns on a wide screen, figures aligned to the end', () => {
    const narrow = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...narrow(query),
      matches: true,
    })) as typeof window.matchMedia;
    try {
      render(<Invoices />);
      const table = screen.getByRole('table', { name: 'Facturas' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Factura', 'Importe']);
      expect(within(table).getByText('$16.4').className).toContain('ov-table__cell--end');
    } finally {
      window.matchMedia = narrow;
    }
  });

  it('says what an empty table means, and nothing while it loads', () => {
    const { rerender } = render(<Invoices rows={[]} empty="Sin facturas" />);
    expect(screen.getByText('Sin facturas')).toBeTruthy();
    rerender(<Invoices rows={[]} empty="Sin facturas" loading />);
    expect(screen.queryByText('Sin facturas')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('pages: the current page marked, previous and next, the page size', () => {
    const onChange = vi.fn();
    render(<Invoices pagination={{ page: 1, pageSize: 10, total: 25, onChange, pageSizes: [10, 20] }} />);
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(pager).getByRole('button', { name: 'Página 1' }).getAttribute('aria-current')).toBe('page');
    expect(
      (within(pager).getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Página siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 10);
    fireEvent.click(within(pager).getByRole('button', { name: 'Página 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
    fireEvent.change(within(pager).getByRole('combobox', { name: 'Filas por página' }), {
      target: { value: '20' },
    });
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });

  it('draws no pager for a single page at the smallest size', () => {
    render(
      <Invoices pagination={{ page: 1, pageSize: 10, total: 2, onChange: () => {}, pageSizes: [10, 20] }} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sorts from its header buttons: ascending, descending, then unsorted', () => {
    const onSort = vi.fn();
    const sortable = COLUMNS.map((column) => ({ ...column, sortable: true }));
    const { rerender } = render(<Invoices columns={sortable} onSort={onSort} />);
    fireEvent.click(screen.getByRole('button', { name: 'Factura' }));
    expect(onSort).toHaveBeenLastCalledWith('number', 'asc');
    rerender(<Invoices columns={sortable} onSort={onSort} sort={{ key: 'number', order: 'asc' }} />);
    expect(screen.getByRole('columnheader', { name: 'Factura' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Factura' }));
    expect(onSort).toHaveBeenLastCalledWith('number', 'desc');
  });

  it('chooses rows one by one or all at once', () => {
    const onChange = vi.fn();
    render(
      <Invoices
        selection={{
          selected: ['a'],
          onChange,
          allLabel: 'Todas',
          rowLabel: (row) => `Elegir ${row.number}`,
        }}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Todas' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Elegir F-2' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Elegir F-1' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
  });

  it('opens a row to show more beneath it', () => {
    render(
      <Invoices expandable={{ render: (row) => `Más de ${row.number}`, can: (row) => row.id === 'a' }} />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Expandir fila' });
    expect(buttons).toHaveLength(1);
    expect(screen.queryByText('Más de F-1')).toBeNull();
    fireEvent.click(buttons[0]);
    expect(screen.getByText('Más de F-1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contraer fila' }).getAttribute('aria-expanded')).toBe('true');
  });
});
