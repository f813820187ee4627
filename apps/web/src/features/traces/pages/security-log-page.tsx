import '../i18n';
import { toDateRangeFilter } from '@ov/domain/filters';
import type { Filter } from '@ov/domain/validation/forms';
import { Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../components/date-range/date-range';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { NativeSelect } from '../../../components/native-select/native-select';
import { formatDateTime } from '../../../lib/format';
import type { ListParams, ListResult, QuerySpec } from '../../../lib/list-query';
import { searchList } from '../../../lib/list-query';
import { PATHS } from '../../../lib/urls';
import './traces-page.css';
import '../../../components/text/text.css';

/** A sign-in as `POST /api/security-log/search` returns it. */
interface SecurityEvent {
  _id: string;
  date: string;
  event: string;
  result: 'ok' | 'refused';
  reason: string | null;
  userId: string | null;
  login: string;
  ip: string;
}

const QUERY_KEY = ['security-log'] as const;
const securityLogQuery = (params: ListParams): QuerySpec<ListResult<SecurityEvent>> => ({
  queryKey: [...QUERY_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<SecurityEvent>('/security-log/search', params, signal),
});

type Range = [Dayjs, Dayjs] | null;

/** Security › Security log (TRACE:READ): every sign-in, who, when, from where and how it ended. */
export default function SecurityLogPage() {
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState<string>();
  const [range, setRange] = useState<Range>(null);
  const k = (key: string) => `traces.securityLog.${key}`;

  const filters = useMemo(() => {
    const chosen: Filter[] = [];
    if (result) chosen.push({ type: 'TERM', field: 'result', value: result });
    if (range?.[0] && range[1])
      chosen.push(
        toDateRangeFilter('createdAt', range[0].startOf('day').toDate(), range[1].endOf('day').toDate()),
      );
    return chosen;
  }, [result, range]);

  const columns: ListColumn<SecurityEvent>[] = [
    {
      key: 'date',
      title: t(k('fields.date')),
      dataIndex: 'date',
      sortField: 'createdAt',
      render: (value) => (
        <span className="ov-traces__date">{formatDateTime(value as string, i18n.language)}</span>
      ),
    },
    {
      key: 'result',
      title: t(k('fields.result')),
      dataIndex: 'result',
      sortField: 'result',
      render: (value) => (
        <Tag color={value === 'ok' ? 'green' : 'red'} data-result={String(value)}>
          {t(k(`results.${value}`), { defaultValue: String(value) })}
        </Tag>
      ),
    },
    {
      key: 'login',
      title: t(k('fields.login')),
      dataIndex: 'login',
      // An empty name: what was typed could not be an e-mail or username, so it was not kept.
      render: (value) => <span className="ov-text">{value ? String(value) : '—'}</span>,
    },
    {
      key: 'reason',
      responsive: ['md'],
      title: t(k('fields.reason')),
      dataIndex: 'reason',
      // `status:LOCK` → key `status-LOCK` (a colon would read as an i18next namespace).
      render: (value) =>
        value ? t(k(`reasons.${String(value).replace(':', '-')}`), { defaultValue: String(value) }) : '—',
    },
    {
      key: 'ip',
      responsive: ['md'],
      title: t(k('fields.ip')),
      dataIndex: 'ip',
      sortField: 'ip',
      render: (value) => <code className="ov-text-code">{String(value)}</code>,
    },
    {
      key: 'userId',
      responsive: ['lg'],
      title: t(k('fields.userId')),
      dataIndex: 'userId',
      defaultHidden: true,
      render: (value) => (value ? <code className="ov-text-code">{String(value)}</code> : '—'),
    },
  ];

  return (
    <ListPage<SecurityEvent>
      tableId="security-log"
      title={t('menu.securityLog')}
      basePath={PATHS.securityLog}
      queryKeyPrefix={QUERY_KEY}
      query={securityLogQuery}
      columns={columns}
      rowKey={(event) => event._id}
      filters={filters}
      searchPlaceholder={t(k('searchPlaceholder'))}
      filtersSlot={
        <>
          <NativeSelect
            allowClear
            placeholder={t(k('fields.result'))}
            value={result}
            onChange={setResult}
            className="ov-list__filter"
            options={(['ok', 'refused'] as const).map((value) => ({
              value,
              label: t(k(`results.${value}`)),
            }))}
            data-testid="filter-result"
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
