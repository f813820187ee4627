import { centsToPesos, formatMoney, pesosToCents } from '@ov/domain/money';
import { Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card/card';
import { CartesianChart, PieChart } from '../../../components/charts/charts';
import type { ByStatus, HistogramPoint, PaymentData } from '../api/dashboard';

const STATUS_COLORS: Record<string, string> = {
  PENDING: '#1677ff',
  PAYED: '#52c41a',
  FAILED: '#ff4d4f',
  CANCELED: '#a6b1bd',
  PENDING_REFUNDED: '#fa8c16',
  REFUNDED: '#722ed1',
};
const METHOD_COLORS: Record<string, string> = { ENZONA: '#1d6fb8', TRANSFERMOVIL: '#0f8a5f' };

/** Pie labels: the share with one decimal (spec §2). */
export function percentLabel(percent: number | undefined): string {
  return `${((percent ?? 0) * 100).toFixed(1)} %`;
}

const pesos = centsToPesos;
const money = (value: number) => formatMoney(pesosToCents(value));
const pesoTick = (value: number) => `$${value.toLocaleString('en-US')}`;
const CHART_HEIGHT = 270;

function ChartCard(props: {
  title: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card className="ov-dash-chart" title={props.title} data-testid={props.testId}>
      {props.loading ? (
        <Skeleton.Node active className="ov-dash-chart__skeleton">
          <span />
        </Skeleton.Node>
      ) : props.empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noData')} />
      ) : (
        <div className="ov-dash-chart__body">{props.children}</div>
      )}
    </Card>
  );
}

/** The four charts of the dashboard, drawn in SVG (components/charts). */
export default function DashboardCharts(props: {
  data?: PaymentData;
  byStatus?: ByStatus[];
  histogram?: HistogramPoint[];
  loading: { data: boolean; byStatus: boolean; histogram: boolean };
  language: string;
}) {
  const { t } = useTranslation();
  const statuses = (props.byStatus ?? [])
    .filter((s) => s.count > 0)
    .map((s) => ({ key: s._id, name: t(`dashboard.status.${s._id}`), value: s.count }));
  const methods = (props.data?.byPaymentMethods ?? []).map((m) => ({
    key: m.paymentMethods,
    name: t(`dashboard.methods.${m.paymentMethods}`),
    count: m.count,
    amount: pesos(m.amount),
  }));
  const dateFormat = props.language === 'en' ? 'MM/DD' : 'DD/MM';
  const points = (props.histogram ?? []).map((p) => ({
    date: dayjs(p._id).format(dateFormat),
    count: p.count,
    total: pesos(p.total),
  }));

  return (
    <div className="ov-dashboard__charts">
      <ChartCard
        title={t('dashboard.byStatus')}
        loading={props.loading.byStatus}
        empty={statuses.length === 0}
        testId="chart-status"
      >
        <PieChart
          title={t('dashboard.byStatus')}
          slices={statuses.map((st) => ({ ...st, color: STATUS_COLORS[st.key] ?? '#a6b1bd' }))}
          height={CHART_HEIGHT}
          inner={0.62}
          percentLabel={percentLabel}
          valueHeader={t('dashboard.seriesCount')}
        />
      </ChartCard>
      <ChartCard
        title={t('dashboard.countByMethod')}
        loading={props.loading.data}
        empty={methods.every((m) => m.count === 0)}
        testId="chart-method-count"
      >
        <PieChart
          title={t('dashboard.countByMethod')}
          slices={methods.map((m) => ({
            key: m.key,
            name: m.name,
            value: m.count,
            color: METHOD_COLORS[m.key],
          }))}
          height={CHART_HEIGHT}
          percentLabel={percentLabel}
          valueHeader={t('dashboard.seriesCount')}
        />
      </ChartCard>
      <ChartCard
        title={t('dashboard.amountByMethod')}
        loading={props.loading.data}
        empty={methods.every((m) => m.amount === 0)}
        testId="chart-method-amount"
      >
        {/* One bar series per method, so each bar keeps its method's colour. */}
        <CartesianChart
          title={t('dashboard.amountByMethod')}
          labels={[t('dashboard.seriesTotal')]}
          series={methods.map((m) => ({
            key: m.key,
            name: m.name,
            color: METHOD_COLORS[m.key] ?? '#1d6fb8',
            kind: 'bar' as const,
            values: [m.amount],
            format: money,
          }))}
          height={CHART_HEIGHT}
          leftTick={pesoTick}
          leftWidth={80}
        />
      </ChartCard>
      <ChartCard
        title={t('dashboard.overTime')}
        loading={props.loading.histogram}
        empty={points.length === 0}
        testId="chart-over-time"
      >
        <CartesianChart
          title={t('dashboard.overTime')}
          labels={points.map((p) => p.date)}
          series={[
            {
              key: 'count',
              name: t('dashboard.seriesCount'),
              color: '#0aa5a5',
              kind: 'line',
              values: points.map((p) => p.count),
              dots: points.length <= 62,
            },
            {
              key: 'total',
              name: t('dashboard.seriesTotal'),
              color: '#1d6fb8',
              kind: 'line',
              axis: 'right',
              values: points.map((p) => p.total),
              format: money,
              dots: points.length <= 62,
            },
          ]}
          height={CHART_HEIGHT}
          leftWidth={36}
          rightTick={pesoTick}
          rightWidth={80}
        />
      </ChartCard>
    </div>
  );
}
