import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { ACTIONS_COLUMN_WIDTH, DEFAULT_PAGE_SIZE, SELECT_DEBOUNCE_MS } from '@ov/domain/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../../lib/list-query';
import '../a11y/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useIsCurrentPage } from '../../lib/use-is-current-page';
import { useIsMobile } from '../../lib/use-is-mobile';
import { rememberTrigger } from '../a11y/focus-return';
import { type DataColumn, DataTable, type SortOrder } from '../data-table/data-table';
import { PAGE_SIZES } from '../data-table/pager';
import { MenuButton, type MenuEntry } from '../menu-button/menu-button';
import { Result } from '../result/result';
import { Button, Empty, Skeleton } from '../ui';
import { ListDetail, loadDetailForm } from './list-detail';
import { ListToolbar } from './list-toolbar';
import type { ListColumn, ListPageProps } from './types';
import { useDetailRouting } from './use-detail-routing';
import { useRowActions } from './use-row-actions';
import { useTablePreferences } from './use-table-preferences';
import './list-page.css';

/**
 * A row's "⋮" menu (a menu button): opens with a click, Enter, Space or ArrowDown; Escape returns to
 * the button, which is remembered as where focus returns when a chosen entry opens the side dialog.
 */
function RowActions({ items, label }: { items: MenuEntry[]; label: string }) {
  return (
    <MenuButton items={items} label={label} onChoose={(trigger) => rememberTrigger(trigger)}>
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={label}
        data-testid="row-actions"
        className="ov-list__row-actions"
      />
    </MenuButton>
  );
}

const SKELETON_KEY = '__ov_skeleton__';
type Row<T> = T | { [SKELETON_KEY]: true };
const isSkeleton = (row: unknown): row is { [SKELETON_KEY]: true } =>
  typeof row === 'object' && row !== null && SKELETON_KEY in row;

const TABLE_SIZE = { big: 'large', middle: 'middle', small: 'small' } as const;
const ALIGN = { left: 'start', start: 'start', center: 'center', right: 'end', end: 'end' } as const;

/** The cell's value: the row's `dataIndex` field. */
function cellValue<T>(row: T, dataIndex: string | undefined): unknown {
  return dataIndex ? (row as Record<string, unknown>)[dataIndex] : undefined;
}

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * The generic list page of spec §2: search, filters, add, column show/hide, persisted row size, pagination
 * hidden on one page, row selection on desktop, one skeleton row while loading, next page prefetched, and
 * the detail side dialog on `{route}/create`, `{route}/{id}`, `{route}/{id}/edit`.
 */
export function ListPage<T extends object, V extends object = Record<string, unknown>>(
  props: ListPageProps<T, V>,
) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const isCurrentPage = useIsCurrentPage();
  const routing = useDetailRouting(props.basePath);
  const defaultHidden = useMemo(
    () => props.columns.filter((column) => column.defaultHidden).map((column) => column.key),
    [props.columns],
  );
  const preferences = useTablePreferences(props.tableId, defaultHidden);
  const [sort, setSort] = useState<ListParams['sort']>();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const titleId = useId();

  const page = positiveInt(searchParams.get('page'), 1);
  const size = positiveInt(searchParams.get('size'), DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState(searchParams.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), SELECT_DEBOUNCE_MS);
  const filters = props.filters ?? [];
  const filtersKey = JSON.stringify(filters);

  const updateParams = (changes: Record<string, string | null>) =>
    isCurrentPage() &&
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // A new search or filter starts again at page 1 (the first render keeps a deep-linked page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only react to a new search
  useEffect(() => {
    if ((searchParams.get('q') ?? '') !== search) updateParams({ q: search || null, page: null });
  }, [search]);
  const previousFilters = useRef(filtersKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only react to new filters
  useEffect(() => {
    if (previousFilters.current === filtersKey) return;
    previousFilters.current = filtersKey;
    updateParams({ page: null });
    setSelectedKeys([]);
  }, [filtersKey]);

  const params: ListParams = { page, size, search, filters, sort };
  const query = useQuery({ ...props.query(params), placeholderData: keepPreviousData });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  // Prefetch the next page so "next" feels instant.
  // biome-ignore lint/correctness/useExhaustiveDependencies: params are captured by value for the next page
  useEffect(() => {
    if (query.data && page * size < total) {
      void queryClient.prefetchQuery(props.query({ ...params, page: page + 1 }));
    }
  }, [query.data, page, size, total, search, filtersKey, sort]);

  // An editable list fetches its form (Ant Design's) early, so "add" and "edit" open without a wait.
  const editable = Boolean(props.detail?.renderForm && props.detail.save);
  useEffect(() => {
    if (editable) void loadDetailForm();
  }, [editable]);

  const rowRecord = routing.id ? items.find((row) => props.rowKey(row) === routing.id) : undefined;
  const detail = props.detail;

  const rowMenu = useRowActions(props, routing.open);

  const visibleColumns = props.columns.filter((column) => !preferences.hidden.includes(column.key));
  const tableColumns: DataColumn<Row<T>>[] = visibleColumns.map((column: ListColumn<T>) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align ? ALIGN[column.align] : undefined,
    from: column.responsive?.[0],
    className: column.className,
    sortable: Boolean(column.sortField),
    render: (row: Row<T>, index: number) => {
      if (isSkeleton(row)) return <Skeleton.Input active size="small" block className="ov-list__skeleton" />;
      const value = cellValue(row, column.dataIndex);
      return column.render ? column.render(value, row, index) : (value as ReactNode);
    },
  }));
  if (detail) {
    tableColumns.push({
      key: 'actions',
      title: t('list.actions'),
      width: ACTIONS_COLUMN_WIDTH,
      align: 'center',
      // Kept in view on phones too: a wide row scrolls under it instead of hiding the menu off-screen.
      sticky: true,
      render: (row: Row<T>) =>
        isSkeleton(row) ? null : <RowActions items={rowMenu(row)} label={t('list.actions')} />,
    });
  }

  const sortedColumn = props.columns.find((column) => column.sortField && sort?.[column.sortField]);
  const onSort = (key: string, order: SortOrder | undefined) => {
    const column = props.columns.find((candidate) => candidate.key === key);
    setSort(column?.sortField && order ? { [column.sortField]: order } : undefined);
    updateParams({ page: null });
  };

  const selectedRows = items.filter((row) => selectedKeys.includes(props.rowKey(row)));
  const loadingFirstPage = query.isPending;
  const dataSource: Row<T>[] = loadingFirstPage ? [{ [SKELETON_KEY]: true }] : items;

  return (
    <>
      <div className="ov-page-header">
        <h1 id={titleId}>{props.title}</h1>
        <div className="ov-page-header__actions">
          {props.headerActions}
          {detail?.canCreate && detail.renderForm && detail.save ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={(event) => {
                rememberTrigger(event.currentTarget);
                routing.open('create');
              }}
              data-testid="list-add"
            >
              {t('common.add')}
            </Button>
          ) : null}
        </div>
      </div>
      <section className="ov-list" data-testid={`list-${props.tableId}`}>
        <ListToolbar
          search={searchText}
          onSearch={setSearchText}
          searchPlaceholder={props.searchPlaceholder}
          filtersSlot={props.filtersSlot}
          bulkSlot={
            !isMobile && props.bulkActions && selectedRows.length > 0 ? (
              <span className="ov-list__bulk">
                {t('list.selected', { count: selectedRows.length })}{' '}
                {props.bulkActions(selectedRows, () => setSelectedKeys([]))}
              </span>
            ) : null
          }
          columns={props.columns.map((column) => ({ key: column.key, title: column.title }))}
          hidden={preferences.hidden}
          onHiddenChange={preferences.setHidden}
          size={preferences.size}
          onSizeChange={preferences.setSize}
          showSize={!isMobile}
        />
        <DataTable<Row<T>>
          labelledBy={titleId}
          rowKey={(row) => (isSkeleton(row) ? SKELETON_KEY : props.rowKey(row))}
          columns={tableColumns}
          rows={dataSource}
          size={isMobile ? 'small' : TABLE_SIZE[preferences.size]}
          loading={!loadingFirstPage && query.isFetching && query.isPlaceholderData}
          sort={
            sortedColumn?.sortField
              ? { key: sortedColumn.key, order: sort?.[sortedColumn.sortField] as SortOrder }
              : undefined
          }
          onSort={onSort}
          expandable={
            props.expandedRowRender
              ? {
                  render: (row) => (isSkeleton(row) ? null : props.expandedRowRender?.(row)),
                  can: (row) => !isSkeleton(row),
                }
              : undefined
          }
          selection={
            isMobile || loadingFirstPage
              ? undefined
              : {
                  selected: selectedKeys,
                  onChange: setSelectedKeys,
                  allLabel: t('a11y.selectAll'),
                  rowLabel: (_row, index) => t('a11y.selectRow', { n: index + 1 }),
                }
          }
          pagination={{
            page,
            pageSize: size,
            total,
            pageSizes: isMobile ? undefined : PAGE_SIZES,
            totalText: isMobile ? undefined : t('list.total', { count: total }),
            onChange: (nextPage, nextSize) =>
              updateParams({
                page: nextSize !== size || nextPage === 1 ? null : String(nextPage),
                size: nextSize === DEFAULT_PAGE_SIZE ? null : String(nextSize),
              }),
          }}
          empty={
            query.isError ? (
              <Result
                status="warning"
                title={t('list.loadError')}
                extra={
                  <Button onClick={() => query.refetch()} data-testid="list-retry">
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )
          }
        />
      </section>
      {detail ? (
        <ListDetail<T, V>
          config={detail}
          routing={routing}
          rowRecord={rowRecord}
          queryKeyPrefix={props.queryKeyPrefix}
        />
      ) : null}
    </>
  );
}
