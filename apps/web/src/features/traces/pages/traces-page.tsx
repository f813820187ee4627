import '../i18n';
import { SELECT_DEBOUNCE_MS } from '@ov/domain/constants';
import { TRACE_TYPES } from '@ov/domain/enums';
import { toDateRangeFilter } from '@ov/domain/filters';
import type { Filter } from '@ov/domain/validation/forms';
import { Select, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../components/date-range/date-range';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { NativeSelect } from '../../../components/native-select/native-select';
import { TagList } from '../../../components/tag-list/tag-list';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { TRACES_QUERY_KEY, tracesQuery, useOwnerOptions } from '../api/traces';
import { TraceChanges } from '../components/trace-changes';
import { fieldWords, moduleWords, sectionWords } from '../components/trace-words';
import type { Trace } from '../types';
import './traces-page.css';
import '../../../components/text/text.css';

const TYPE_COLORS: Record<string, string> = {
  CREATE: 'green',
  UPDATE: 'blue',
  REMOVE: 'red',
  RESTORE: 'purple',
};

/** Modules that write traces (a module not listed still shows, by its raw name). */
const MODULES = [
  'users',
  'security',
  'access-requests',
  'account',
  'auth',
  'billing',
  'payments',
  'contract-requests',
  'commercial-offices',
  'faqs',
  'notifications',
  'mail',
  'files',
  'settings',
] as const;

type Range = [Dayjs, Dayjs] | null;

/** Security › Traces (TRACE:READ): every change with its before/after, filtered by type, module, owner and dates. */
export default function TracesPage() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<string>();
  const [module, setModule] = useState<string>();
  const [owner, setOwner] = useState<string>();
  const [range, setRange] = useState<Range>(null);
  const [ownerText, setOwnerText] = useState('');
  const ownerSearch = useDebouncedValue(ownerText.trim(), SELECT_DEBOUNCE_MS);
  const owners = useOwnerOptions(ownerSearch);

  const filters = useMemo(() => {
    const chosen: Filter[] = [];
    if (type) chosen.push({ type: 'TERM', field: 'type', value: type });
    if (module) chosen.push({ type: 'TERM', field: 'module', value: module });
    if (owner) chosen.push({ type: 'TERM', field: 'owner', value: owner });
    if (range?.[0] && range[1])
      chosen.push(
        toDateRangeFilter('createdAt', range[0].startOf('day').toDate(), range[1].endOf('day').toDate()),
      );
    return chosen;
  }, [type, module, owner, range]);

  const moduleLabel = (value: string) => moduleWords(t, value);

  const columns: ListColumn<Trace>[] = [
    {
      key: 'date',
      title: t('traces.fields.date'),
      dataIndex: 'date',
      sortField: 'createdAt',
      render: (value) => (
        <span className="ov-traces__date">{formatDateTime(value as string, i18n.language)}</span>
      ),
    },
    {
      key: 'type',
      title: t('traces.fields.type'),
      dataIndex: 'type',
      sortField: 'type',
      render: (value) => (
        <Tag color={TYPE_COLORS[String(value)] ?? 'default'}>
          {t(`traces.types.${value}`, { defaultValue: String(value) })}
        </Tag>
      ),
    },
    {
      key: 'owner',
      responsive: ['md'],
      title: t('traces.fields.owner'),
      render: (_value, trace) =>
        trace.owner ? (
          <span className="ov-traces__owner">
            <strong className="ov-strong">{trace.owner.fullName || trace.owner.email}</strong>
            <span className="ov-text-secondary">{trace.owner.email}</span>
          </span>
        ) : (
          <span className="ov-text-secondary">{t('traces.system')}</span>
        ),
    },
    {
      key: 'module',
      title: t('traces.fields.module'),
      dataIndex: 'module',
      sortField: 'module',
      render: (value) => moduleLabel(String(value)),
    },
    {
      key: 'section',
      responsive: ['lg'],
      title: t('traces.fields.section'),
      dataIndex: 'section',
      render: (value) => sectionWords(t, String(value)),
    },
    {
      key: 'changes',
      responsive: ['lg'],
      title: t('traces.fields.changes'),
      render: (_value, trace) => {
        const fields = Object.keys(trace.payload?.changes ?? {});
        return fields.length ? (
          <TagList
            max={3}
            tags={fields.map((field) => (
              <Tag key={field} className="ov-traces__field">
                {fieldWords(t, field)}
              </Tag>
            ))}
          />
        ) : (
          '—'
        );
      },
    },
    {
      key: 'entityId',
      responsive: ['lg'],
      title: t('traces.fields.entityId'),
      dataIndex: 'entityId',
      defaultHidden: true,
      render: (value) => (value ? <code className="ov-text-code">{String(value)}</code> : '—'),
    },
  ];

  return (
    <ListPage<Trace>
      tableId="traces"
      title={t('menu.traces')}
      basePath={PATHS.traces}
      queryKeyPrefix={TRACES_QUERY_KEY}
      query={tracesQuery}
      columns={columns}
      rowKey={(trace) => trace._id}
      filters={filters}
      searchPlaceholder={t('traces.searchPlaceholder')}
      expandedRowRender={(trace) => <TraceChanges trace={trace} />}
      filtersSlot={
        <>
          <NativeSelect
            allowClear
            placeholder={t('traces.fields.type')}
            value={type}
            onChange={setType}
            className="ov-list__filter"
            options={TRACE_TYPES.map((value) => ({ value, label: t(`traces.types.${value}`) }))}
            data-testid="filter-type"
          />
          <NativeSelect
            allowClear
            placeholder={t('traces.fields.module')}
            value={module}
            onChange={setModule}
            className="ov-list__filter"
            options={MODULES.map((value) => ({ value, label: moduleLabel(value) }))}
            data-testid="filter-module"
          />
          <Select
            allowClear
            showSearch={{ filterOption: false, onSearch: setOwnerText, searchValue: ownerText }}
            placeholder={t('traces.fields.owner')}
            value={owner}
            onChange={(value) => {
              setOwner(value);
              setOwnerText('');
            }}
            className="ov-list__filter ov-traces__owner-filter"
            notFoundContent={owners.isFetching ? <Spin size="small" /> : null}
            options={(owners.data?.items ?? []).map((user) => ({
              value: user._id,
              label: user.fullName ? `${user.fullName} <${user.email}>` : user.email,
            }))}
            data-testid="filter-owner"
          />
          <DateRange
            value={range}
            onChange={setRange}
            className="ov-traces__range"
            data-testid="filter-dates"
          />
        </>
      }
    />
  );
}
