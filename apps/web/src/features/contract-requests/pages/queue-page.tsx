import '../i18n';
import type { ContractSector } from '@ov/domain/contract-requests';
import { CONTRACT_REQUEST_STATUSES, type ContractRequestStatus, PROCEDURE_TYPES } from '@ov/domain/enums';
import { toDateRangeFilter } from '@ov/domain/filters';
import { findMunicipality, MUNICIPALITIES } from '@ov/domain/municipalities';
import type { Filter } from '@ov/domain/validation/forms';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type MouseEvent, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { rememberTrigger } from '../../../components/a11y/focus-return';
import { DateRange } from '../../../components/date-range/date-range';
import { detailPath } from '../../../components/detail-dialog/detail-route';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { NativeSelect } from '../../../components/native-select/native-select';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate, formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import {
  CONTRACT_REQUESTS_KEY,
  type ContractRequest,
  countsQuery,
  type RequestSummary,
  requestsQuery,
} from '../api/contract-requests';
import { StatusTag } from '../components/status-tag';
import '../components/contract-requests.css';

type Range = [Dayjs, Dayjs] | null;

/** The request's details (with the staff's form, its date picker and upload) load when one is opened. */
const RequestDetails = lazy(() =>
  import('../components/request-details').then((module) => ({ default: module.RequestDetails })),
);

/** How long a request has waited (open ones: until now; closed ones: until their last change). */
function age(r: RequestSummary) {
  const end = r.status === 'SIGNED' || r.status === 'ANNULLED' ? dayjs(r.updatedAt) : dayjs();
  const hours = Math.max(0, end.diff(dayjs(r.createdAt), 'hour'));
  return hours >= 24 ? { unit: 'days', count: Math.floor(hours / 24) } : { unit: 'hours', count: hours };
}

/**
 * A contract-request queue on the shared list page: one sector's, all sectors', or (for a customer)
 * their own requests. Oldest first; counts per status; the request opens in the side dialog.
 */
export function QueuePage({
  sector,
  basePath,
  title,
  tableId,
}: {
  sector?: ContractSector;
  basePath: string;
  title: string;
  tableId: string;
}) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const { access } = useCurrentUser();
  const customer = access.isCustomer;
  const [status, setStatus] = useState<ContractRequestStatus>();
  const [municipality, setMunicipality] = useState<number>();
  const [procedure, setProcedure] = useState<string>();
  const [range, setRange] = useState<Range>(null);
  const q = (k: string) => t(`contractRequests.queue.${k}`);
  const f = (k: string) => t(`contractRequests.fields.${k}`);

  const baseFilters = useMemo(() => {
    const chosen: Filter[] = [];
    if (sector) chosen.push({ type: 'TERM', field: 'sector', value: sector });
    if (municipality) chosen.push({ type: 'TERM', field: 'municipality', value: municipality });
    if (procedure) chosen.push({ type: 'TERM', field: 'procedureType', value: procedure });
    if (range?.[0] && range[1])
      chosen.push(
        toDateRangeFilter('createdAt', range[0].startOf('day').toDate(), range[1].endOf('day').toDate()),
      );
    return chosen;
  }, [sector, municipality, procedure, range]);
  const filters = useMemo(
    () =>
      status ? [...baseFilters, { type: 'TERM' as const, field: 'status', value: status }] : baseFilters,
    [baseFilters, status],
  );
  const counts = useQuery(countsQuery(baseFilters, ''));
  const countOf = (s: ContractRequestStatus) => counts.data?.find((c) => c.status === s)?.count ?? 0;

  const columns: ListColumn<RequestSummary>[] = [
    {
      key: 'requestId',
      title: f('requestId'),
      dataIndex: 'requestId',
      // The ID opens the request (Enter on it too); a click anywhere else on the row does the same.
      render: (v) => (
        <Link
          className="ov-cr__mono ov-cr__open"
          to={{ pathname: detailPath(basePath, 'view', String(v)), search }}
          onClick={(event) => rememberTrigger(event.currentTarget)}
          data-testid="open-request"
        >
          {String(v)}
        </Link>
      ),
    },
    {
      key: 'status',
      title: f('status'),
      dataIndex: 'status',
      sortField: 'status',
      render: (v) => <StatusTag status={v as ContractRequestStatus} />,
    },
    {
      key: 'procedureType',
      title: f('procedureType'),
      dataIndex: 'procedureType',
      responsive: ['md'],
      render: (v) => t(`contractRequests.labels.procedure.${v}`),
    },
    ...(sector
      ? []
      : [
          {
            key: 'sector',
            title: f('sector'),
            dataIndex: 'sector',
            responsive: ['lg'],
            render: (v: unknown) => t(`contractRequests.labels.sector.${v}`),
          } satisfies ListColumn<RequestSummary>,
        ]),
    {
      key: 'fullName',
      title: f('fullName'),
      dataIndex: 'fullName',
      sortField: 'fullName',
      responsive: ['sm'],
      // The municipality under the name: one column less, so the queue fits 1366 px ("Espera" whole).
      render: (_v, r) => (
        <>
          {r.entity ?? r.fullName}
          <span className="ov-cr__sub">{findMunicipality(r.municipality)?.municipio ?? r.municipality}</span>
        </>
      ),
    },
    {
      key: 'createdAt',
      title: f('createdAt'),
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      responsive: ['md'],
      // The day only (the time in its tooltip): the row stays one line and the table fits 1366 px.
      render: (v) => (
        <time dateTime={String(v)} title={formatDateTime(String(v), i18n.language)} className="ov-cr__nowrap">
          {formatDate(String(v), i18n.language)}
        </time>
      ),
    },
    {
      key: 'age',
      title: <span className="ov-cr__nowrap">{q('age')}</span>,
      className: 'ov-cr__nowrap',
      dataIndex: 'createdAt',
      render: (_v, r) => {
        const a = age(r);
        return t(`contractRequests.queue.${a.unit}`, { count: a.count });
      },
    },
  ];

  /** A click on a row (not on its checkbox, menu or another control) opens it, as its ID link does. */
  const openRow = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, label, select, textarea, [role="menuitem"], [role="button"]'))
      return;
    if (window.getSelection()?.toString()) return; // selecting text to copy is not a click to open
    target.closest('tr.ov-table__row')?.querySelector<HTMLAnchorElement>('a.ov-cr__open')?.click();
  };

  // The row click is a shortcut for the mouse; the row's ID link is the keyboard's way (Tab, Enter).
  return (
    <div className="ov-cr-queue" onClick={openRow}>
      <ListPage<RequestSummary>
        tableId={tableId}
        title={title}
        basePath={basePath}
        queryKeyPrefix={CONTRACT_REQUESTS_KEY}
        query={requestsQuery}
        columns={columns}
        rowKey={(r) => r.requestId}
        filters={filters}
        searchPlaceholder={q('searchPlaceholder')}
        headerActions={
          customer ? (
            <Link className="ant-btn ant-btn-primary ov-cr__linkbtn" to={PATHS.contractRequest}>
              {q('new')}
            </Link>
          ) : undefined
        }
        filtersSlot={
          <>
            {/* Counts per status: each one filters the list (a second press clears it). */}
            <fieldset className="ov-cr__counts" aria-label={q('countsLabel')} data-testid="status-counts">
              {CONTRACT_REQUEST_STATUSES.map((s) => (
                <Button
                  key={s}
                  size="small"
                  type={status === s ? 'primary' : 'default'}
                  aria-pressed={status === s}
                  onClick={() => setStatus(status === s ? undefined : s)}
                  data-testid={`count-${s}`}
                >
                  {t(`contractRequests.labels.status.${s}`)}: {countOf(s)}
                </Button>
              ))}
            </fieldset>
            <NativeSelect
              allowClear
              placeholder={q('status')}
              aria-label={q('status')}
              value={status}
              onChange={setStatus}
              className="ov-list__filter"
              options={CONTRACT_REQUEST_STATUSES.map((s) => ({
                value: s,
                label: t(`contractRequests.labels.status.${s}`),
              }))}
              data-testid="filter-status"
            />
            {customer ? null : (
              <NativeSelect
                allowClear
                placeholder={q('municipality')}
                aria-label={q('municipality')}
                value={municipality}
                onChange={setMunicipality}
                className="ov-list__filter"
                options={MUNICIPALITIES.map((m) => ({ value: m.pk, label: m.municipio }))}
                data-testid="filter-municipality"
              />
            )}
            <NativeSelect
              allowClear
              placeholder={q('procedure')}
              aria-label={q('procedure')}
              value={procedure}
              onChange={setProcedure}
              className="ov-list__filter"
              options={PROCEDURE_TYPES.map((p) => ({
                value: p,
                label: t(`contractRequests.labels.procedure.${p}`),
              }))}
              data-testid="filter-procedure"
            />
            <DateRange value={range} onChange={setRange} label={q('dates')} data-testid="filter-dates" />
          </>
        }
        detail={{
          title: (_mode, r) => r?.requestId ?? '',
          getOne: (id) => ({
            queryKey: [...CONTRACT_REQUESTS_KEY, 'row', id],
            queryFn: ({ signal }) =>
              api.get<ContractRequest>(`/contract-requests/${encodeURIComponent(id)}`, signal),
          }),
          renderView: (r) => (
            <Suspense fallback={<Skeleton active />}>
              <RequestDetails requestId={r.requestId} />
            </Suspense>
          ),
        }}
      />
    </div>
  );
}
