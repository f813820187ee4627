import type { QueryKey } from '@tanstack/react-query';
import type { FormInstance, MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { ListParams, ListResult, QuerySpec } from '../../lib/list-query';
import type { DetailMode } from '../detail-dialog/detail-dialog';

export type RowSize = 'big' | 'middle' | 'small';
export const ROW_SIZES: readonly RowSize[] = ['big', 'middle', 'small'];

/** A table column; `key` identifies it for show/hide, `sortField` makes it sortable on the server. */
export interface ListColumn<T> {
  key: string;
  title: ReactNode;
  /** The row's field the cell shows (and hands to `render`). */
  dataIndex?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the value is the row's `dataIndex` field, whatever its type
  render?: (value: any, row: T, index: number) => ReactNode;
  width?: number;
  align?: 'left' | 'start' | 'center' | 'right' | 'end';
  /** Shown from the first of these widths up (Ant Design's breakpoints: sm 576, md 768, lg 992, xl 1200). */
  responsive?: readonly ('sm' | 'md' | 'lg' | 'xl')[];
  sortField?: string;
  defaultHidden?: boolean;
  /** A class of the column's cells. */
  className?: string;
}

export type ListQueryOptions<T> = QuerySpec<ListResult<T>>;

export interface DetailContext<T> {
  mode: DetailMode;
  id: string | null;
  record: T | undefined;
  form: FormInstance;
}

export interface DetailConfig<T, V = Record<string, unknown>> {
  title: (mode: DetailMode, record: T | undefined) => ReactNode;
  /** Loads one record when it is not on the current page (deep link). */
  getOne?: (id: string) => QuerySpec<T>;
  renderView: (record: T) => ReactNode;
  /** Form items for edit and create; without it the dialog is read-only. */
  renderForm?: (context: DetailContext<T>) => ReactNode;
  toFormValues?: (record: T) => Partial<V>;
  /** With an id: update; without: create. */
  save?: (values: V, id: string | null) => Promise<unknown>;
  remove?: (id: string) => Promise<unknown>;
  /** Hides "delete" for some records (e.g. yourself); all records when absent. */
  canRemove?: (record: T) => boolean;
  /** What the removal confirmation says (default: it cannot be undone; say so when it can). */
  removeConfirmText?: string;
  canCreate?: boolean;
  viewActions?: (record: T) => ReactNode;
}

export interface ListPageProps<T, V = Record<string, unknown>> {
  /** Identifies the table for persisted preferences (row size, hidden columns). */
  tableId: string;
  title: ReactNode;
  /** The list route (e.g. `/admin/users`); the side dialog lives under it. */
  basePath: string;
  /** Query key prefix invalidated after a change. */
  queryKeyPrefix: QueryKey;
  query: (params: ListParams) => ListQueryOptions<T>;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string;
  /** Filters chosen in the `filtersSlot`; a change goes back to page 1. */
  filters?: ListParams['filters'];
  filtersSlot?: ReactNode;
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  searchPlaceholder?: string;
  detail?: DetailConfig<T, V>;
  /** More row-menu entries, placed after "details" and "edit" and before "delete". */
  rowActions?: (row: T) => NonNullable<MenuProps['items']>;
  /** Expandable rows: what a row shows when opened. */
  expandedRowRender?: (row: T) => ReactNode;
  /** More buttons in the page header, before "add". */
  headerActions?: ReactNode;
}
