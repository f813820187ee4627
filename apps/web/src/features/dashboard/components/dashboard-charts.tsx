import { formatMoney } from '@ov/domain';
import { Card, Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
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

const pieLabel = ({ percent }: { percent?: number }) => percentLabel(percent);
const pesos = (cents: number) => cents / 100;
const money = (value: unknown) => formatMoney(Math.round(Number(value) * 100));

function ChartCard(props: {
  title: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card className="ov-chart" title={props.title} data-testid={props.testId}>
      {props.loading ? (
        <Skeleton.Node active className="ov-chart__skeleton">
          <span />
        </Skeleton.Node>
      ) : props.empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noData')} />
      ) : (
        <div className="ov-chart__body">
          <ResponsiveContainer width="100%" height="100%">
            {props.children as never}
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

/** The four charts of the dashboard (a lazy chunk: recharts never reaches the entry). */
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
        <PieChart>
          <Pie
            data={statuses}
            dataKey="value"
            nameKey="name"
            innerRadius="45%"
            outerRadius="72%"
            label={pieLabel}
            isAnimationActive={false}
          >
            {statuses.map((s) => (
              <Cell key={s.key} fill={STATUS_COLORS[s.key]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ChartCard>
      <ChartCard
        title={t('dashboard.countByMethod')}
        loading={props.loading.data}
        empty={methods.every((m) => m.count === 0)}
        testId="chart-method-count"
      >
        <PieChart>
          <Pie
            data={methods}
            dataKey="count"
            nameKey="name"
            outerRadius="72%"
            label={pieLabel}
            isAnimationActive={false}
          >
            {methods.map((m) => (
              <Cell key={m.key} fill={METHOD_COLORS[m.key]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ChartCard>
      <ChartCard
        title={t('dashboard.amountByMethod')}
        loading={props.loading.data}
        empty={methods.every((m) => m.amount === 0)}
        testId="chart-method-amount"
      >
        <BarChart data={methods} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis tickFormatter={(v) => `$${Number(v).toLocaleString('en-US')}`} width={80} />
          <Tooltip formatter={(v) => money(v)} />
          <Bar dataKey="amount" name={t('dashboard.seriesTotal')} isAnimationActive={false}>
            {methods.map((m) => (
              <Cell key={m.key} fill={METHOD_COLORS[m.key]} />
            ))}
          </Bar>
        </BarChart>
      </ChartCard>
      <ChartCard
        title={t('dashboard.overTime')}
        loading={props.loading.histogram}
        empty={points.length === 0}
        testId="chart-over-time"
      >
        <LineChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" />
          <YAxis yAxisId="count" allowDecimals={false} width={36} />
          <YAxis
            yAxisId="total"
            orientation="right"
            width={80}
            tickFormatter={(v) => `$${Number(v).toLocaleString('en-US')}`}
          />
          <Tooltip formatter={(v, name) => (name === t('dashboard.seriesTotal') ? money(v) : String(v))} />
          <Legend />
          <Line
            yAxisId="count"
            type="monotone"
            dataKey="count"
            name={t('dashboard.seriesCount')}
            stroke="#0aa5a5"
            strokeWidth={2}
            dot={points.length <= 62 ? { r: 3 } : false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="total"
            type="monotone"
            dataKey="total"
            name={t('dashboard.seriesTotal')}
            stroke="#1d6fb8"
            strokeWidth={2}
            dot={points.length <= 62 ? { r: 3 } : false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
    </div>
  );
}
