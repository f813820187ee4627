import '../i18n';
import {
  CloudSyncOutlined,
  CreditCardOutlined,
  GiftOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { DATE_PRESETS, dashboardDefaultRange, datePresetRange } from '@ov/domain/filters';
import { formatMoney } from '@ov/domain/money';
import { Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { useDashboard, usePostingSummary } from '../api/dashboard';
import './dashboard-page.css';
import { Card } from '../../../components/card/card';
import { DateRange, type DateRangePreset } from '../../../components/date-range/date-range';

const DashboardCharts = lazy(() => import('../components/dashboard-charts'));

function StatCard(props: {
  title: string;
  icon: ReactNode;
  loading: boolean;
  value: ReactNode;
  extra?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="ov-stat" data-testid={props.testId}>
      <div className="ov-stat__head">
        <span className="ov-stat__icon" aria-hidden>
          {props.icon}
        </span>
        <span className="ov-stat__title">{props.title}</span>
      </div>
      {props.loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <>
          <div className="ov-stat__value" data-testid={`${props.testId}-value`}>
            {props.value}
          </div>
          {props.extra ? <div className="ov-stat__extra">{props.extra}</div> : null}
        </>
      )}
    </Card>
  );
}

/** The administrator's dashboard (spec §2): a date range, four cards and four charts. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const [range, setRange] = useState(() => dashboardDefaultRange());
  const calls = useDashboard(range);
  // Only with the utility's commercial system over HTTP: nothing to post with the built-in ledger.
  const postings = usePostingSummary();
  const data = calls.data.data?.[0];
  const users = calls.users.data ?? [];
  const clients = users.reduce((sum, u) => sum + u.count, 0);
  const presets: DateRangePreset[] = DATE_PRESETS.map((preset) => {
    const { from, to } = datePresetRange(preset);
    return { label: t(`dashboard.datePresets.${preset}`), value: [dayjs(from), dayjs(to)] };
  });

  return (
    <div className="ov-dashboard" data-testid="dashboard">
      <div className="ov-page-header ov-dashboard__header">
        <h1>{t('dashboard.welcome', { name: displayName(user) })}</h1>
        {/* The portal's one date-range control; a half-typed range keeps the last full one queried. */}
        <DateRange
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          presets={presets}
          label={t('dashboard.range')}
          className="ov-dashboard__range"
          data-testid="dashboard-range"
          onChange={(value) => {
            if (value)
              setRange({
                from: value[0].startOf('day').toDate(),
                to: value[1].endOf('day').toDate(),
              });
          }}
        />
      </div>
      <div className="ov-dashboard__cards">
        <StatCard
          testId="card-clients"
          title={t('dashboard.clients')}
          icon={<TeamOutlined />}
          loading={calls.users.isPending}
          value={clients.toLocaleString('en-US')}
          extra={
            <div className="ov-stat__tags">
              {users.map((u) => (
                <Tag key={u.clientType ?? 'none'} data-client-type={u.clientType ?? ''}>
                  {u.clientType
                    ? t(`clientTypes.${u.clientType}`, { defaultValue: u.clientType })
                    : t('dashboard.noType')}
                  : <strong>{u.count}</strong>
                </Tag>
              ))}
            </div>
          }
        />
        <StatCard
          testId="card-payments"
          title={t('dashboard.totalPayments')}
          icon={<CreditCardOutlined />}
          loading={calls.data.isPending}
          value={formatMoney(data?.totalPayments.totalAmount ?? 0)}
          extra={t('dashboard.count', { count: data?.totalPayments.totalCount ?? 0 })}
        />
        <StatCard
          testId="card-anticipated"
          title={t('dashboard.anticipated')}
          icon={<WalletOutlined />}
          loading={calls.data.isPending}
          value={formatMoney(data?.anticipated.anticipatedAmount ?? 0)}
          extra={t('dashboard.count', { count: data?.anticipated.anticipatedCount ?? 0 })}
        />
        <StatCard
          testId="card-bonification"
          title={t('dashboard.bonification')}
          icon={<GiftOutlined />}
          loading={calls.data.isPending}
          value={formatMoney(data?.bonifications.bonification ?? 0)}
          extra={
            <span className="ov-stat__pair">
              <span>
                {t('dashboard.bonusTotal')}:{' '}
                <strong>{formatMoney(data?.bonifications.totalAmount ?? 0)}</strong>
              </span>
              <span>
                {t('dashboard.bonusPaid')}:{' '}
                <strong>{formatMoney(data?.bonifications.totalPayed ?? 0)}</strong>
              </span>
            </span>
          }
        />
        {postings.data?.enabled ? (
          <StatCard
            testId="card-postings"
            title={t('dashboard.postings.title')}
            icon={<CloudSyncOutlined />}
            loading={false}
            value={postings.data.pending.toLocaleString('en-US')}
            extra={
              <span className="ov-stat__pair">
                <span>{t('dashboard.postings.pending', { count: postings.data.pending })}</span>
                <span>
                  {t('dashboard.postings.refused')}:{' '}
                  <strong data-testid="card-postings-refused">{postings.data.refused}</strong>
                </span>
                {postings.data.oldestPendingAt ? (
                  <span>
                    {t('dashboard.postings.oldest')}:{' '}
                    <strong>{formatDateTime(postings.data.oldestPendingAt, i18n.language)}</strong>
                  </span>
                ) : null}
              </span>
            }
          />
        ) : null}
      </div>
      <Suspense
        fallback={
          <div className="ov-dashboard__charts">
            {[1, 2, 3, 4].map((n) => (
              <Card key={n} className="ov-dash-chart">
                <Skeleton active paragraph={{ rows: 6 }} />
              </Card>
            ))}
          </div>
        }
      >
        <DashboardCharts
          data={data}
          byStatus={calls.byStatus.data}
          histogram={calls.histogram.data}
          language={i18n.language}
          loading={{
            data: calls.data.isPending,
            byStatus: calls.byStatus.isPending,
            histogram: calls.histogram.isPending,
          }}
        />
      </Suspense>
    </div>
  );
}
