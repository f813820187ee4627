import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n';
import { Pager, type PagerProps } from './pager';
import { type Breakpoint, useReachedBreakpoint } from './use-breakpoint';
import './data-table.css';
import { Spin } from '../ui';

export type SortOrder = 'asc' | 'desc';

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T, index: number) => ReactNode;
  align?: 'start' | 'center' | 'end';
  width?: number;
  /**
   * Shown from this width up only (`sm` 576 px, `md` 768 px, `lg` 992 px, `xl` 1200 px); narrower,
   * the column is not drawn at all, so its text is neither read nor found twice.
   */
  from?: Breakpoint;
  /** A cell that is the row's header for screen readers (its name: the invoice number…). */
  rowHeader?: boolean;
  /** The header is a button that sorts by this column (ascending, descending, unsorted). */
  sortable?: boolean;
  /** Stays in view at the end of a row that scrolls sideways (the row's actions). */
  sticky?: boolean;
  /** A class of the column's cells. */
  className?: string;
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The table's name for screen readers: a visually hidden caption, or the id of a heading. */
  caption?: string;
  labelledBy?: string;
  /** Fetching: the rows stay under a spinner; the table is `aria-busy`. */
  loading?: boolean;
  /** What an empty table says. */
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  size?: 'small' | 'middle' | 'large';
  pagination?: PagerProps;
  /** The column sorted by, and what a click on a sortable header asks for next. */
  sort?: { key: string; order: SortOrder };
  onSort?: (key: string, order: SortOrder | undefined) => void;
  /** A first column of checkboxes. */
  selection?: {
    selected: readonly string[];
    onChange: (keys: string[]) => void;
    allLabel: string;
    rowLabel: (row: T, index: number) => string;
  };
  /** Rows that open to show more beneath them (those `can` allows, all without it). */
  expandable?: { render: (row: T) => ReactNode; can?: (row: T) => boolean };
  className?: string;
  'data-testid'?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A plain HTML table: header cells with `scope`, a caption, right-aligned figures, columns that appear
 * from a width up, sorting, selection, expandable rows and a pager. Ant Design's table brings its tree
 * filter, virtual list, pagination and select (≈67 KB compressed) to every page with a list.
 */
export function DataTable<T>({
  columns: allColumns,
  rows,
  rowKey,
  caption,
  labelledBy,
  loading = false,
  empty,
  rowClassName,
  size = 'middle',
  pagination,
  sort,
  onSort,
  selection,
  expandable,
  className,
  'data-testid': testId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const shown = useReachedBreakpoint();
  const columns = allColumns.filter((column) => shown(column.from));
  const cellClass = (column: DataColumn<T>) =>
    [
      column.align ? `ov-table__cell--${column.align}` : '',
      column.sticky ? 'ov-table__cell--sticky' : '',
      column.className ?? '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  const keys = rows.map(rowKey);
  const chosen = new Set(selection?.selected ?? []);
  const allChosen = keys.length > 0 && keys.every((key) => chosen.has(key));
  const someChosen = !allChosen && keys.some((key) => chosen.has(key));
  const span = columns.length + (selection ? 1 : 0) + (expandable ? 1 : 0);

  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const header = (column: DataColumn<T>) => {
    if (!column.sortable || !onSort) return column.title;
    const order = sort?.key === column.key ? sort.order : undefined;
    const next = order === undefined ? 'asc' : order === 'asc' ? 'desc' : undefined;
    return (
      <button type="button" className="ov-table__sort" onClick={() => onSort(column.key, next)}>
        {column.title}
        <span className={`ov-table__sort-mark${order ? ` ov-table__sort-mark--${order}` : ''}`} aria-hidden />
      </button>
    );
  };

  return (
    <div className={`ov-table ov-table--${size}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div className="ov-table__scroll">
        <table aria-busy={loading || undefined} aria-labelledby={labelledBy}>
          {caption ? <caption className="ov-visually-hidden">{caption}</caption> : null}
          <thead>
            <tr>
              {expandable ? (
                <th scope="col" className="ov-table__control">
                  <span className="ov-visually-hidden">{t('table.expandColumn')}</span>
                </th>
              ) : null}
              {selection ? (
                <th scope="col" className="ov-table__control">
                  <input
                    type="checkbox"
                    className="ov-table__check"
                    checked={allChosen}
                    ref={(input) => {
                      if (input) input.indeterminate = someChosen;
                    }}
                    disabled={keys.length === 0}
                    onChange={(event) => selection.onChange(event.target.checked ? keys : [])}
                    aria-label={selection.allLabel}
                  />
                </th>
              ) : null}
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cellClass(column)}
                  style={column.width ? { width: column.width } : undefined}
                  aria-sort={sort?.key === column.key && column.sortable ? ARIA_SORT[sort.order] : undefined}
                >
                  {header(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="ov-table__empty">
                <td colSpan={span}>{loading ? null : empty}</td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const key = keys[index];
                const open = expanded.has(key);
                return (
                  <Fragment key={key}>
                    <tr className={`ov-table__row ${rowClassName?.(row) ?? ''}`.trim()}>
                      {expandable ? (
                        <td className="ov-table__control">
                          {expandable.can?.(row) === false ? null : (
                            <button
                              type="button"
                              className={`ov-table__expand${open ? ' ov-table__expand--open' : ''}`}
                              aria-expanded={open}
                              aria-label={t(open ? 'table.collapseRow' : 'table.expandRow')}
                              onClick={() => toggle(key)}
                            />
                          )}
                        </td>
                      ) : null}
                      {selection ? (
                        <td className="ov-table__control">
                          <input
                            type="checkbox"
                            className="ov-table__check"
                            checked={chosen.has(key)}
                            onChange={(event) =>
                              selection.onChange(
                                event.target.checked
                                  ? [...selection.selected, key]
                                  : selection.selected.filter((other) => other !== key),
                              )
                            }
                            aria-label={selection.rowLabel(row, index)}
                          />
                        </td>
                      ) : null}
                      {columns.map((column) =>
                        column.rowHeader ? (
                          <th key={column.key} scope="row" className={cellClass(column)}>
                            {column.render(row, index)}
                          </th>
                        ) : (
                          <td key={column.key} className={cellClass(column)}>
                            {column.render(row, index)}
                          </td>
                        ),
                      )}
                    </tr>
                    {expandable && open ? (
                      <tr className="ov-table__expanded">
                        <td colSpan={span}>{expandable.render(row)}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
        {loading ? (
          <div className="ov-table__loading">
            <Spin />
          </div>
        ) : null}
      </div>
      {pagination ? <Pager {...pagination} /> : null}
    </div>
  );
}
