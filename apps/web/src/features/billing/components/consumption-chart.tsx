import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { ConsumptionPoint } from '../types';

const BLUE = '#0e6ba8';
const TEAL = '#14a3a3';

/** Amount billed per period (bars) with the m³ consumed where the meter reports it (line). */
export default function ConsumptionChart({ points }: { points: ConsumptionPoint[] }) {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const animate = !globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const locale = i18n.language === 'en' ? 'en' : 'es';
  const data = points.map((point) => ({
    label: dayjs(point.periodFrom)
      .locale(locale)
      .format(isMobile ? 'MMM YY' : 'MMM YYYY'),
    period: `${dayjs(point.periodFrom).locale(locale).format('D MMM YYYY')} – ${dayjs(point.periodTo)
      .locale(locale)
      .format('D MMM YYYY')}`,
    amount: point.invoicedCents / 100,
    cents: point.invoicedCents,
    m3: point.consumptionM3,
  }));
  const hasConsumption = data.some((point) => point.m3 !== null);
  const amountLabel = t('billing.chart.amount');
  const m3Label = t('billing.chart.consumption');

  return (
    <div className="ov-chart" data-testid="consumption-chart">
      <ResponsiveContainer width="100%" height={isMobile ? 240 : 300}>
        <ComposedChart
          data={data}
          margin={{ top: 8, right: isMobile ? 0 : 8, bottom: 0, left: isMobile ? -12 : 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3eaf2" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={isMobile ? 1 : 0} tickLine={false} />
          <YAxis
            yAxisId="amount"
            tick={{ fontSize: 11 }}
            tickFormatter={(value: number) => `$${value}`}
            width={isMobile ? 48 : 60}
            axisLine={false}
            tickLine={false}
          />
          {hasConsumption ? (
            <YAxis
              yAxisId="m3"
              orientation="right"
              tick={{ fontSize: 11 }}
              tickFormatter={(value: number) => `${value} m³`}
              width={isMobile ? 44 : 56}
              axisLine={false}
              tickLine={false}
            />
          ) : null}
          <Tooltip
            labelFormatter={(_label, payload) => payload?.[0]?.payload?.period ?? ''}
            formatter={(value, name, item) =>
              name === amountLabel
                ? [formatMoney((item.payload as { cents: number }).cents), name]
                : [`${value} m³`, name]
            }
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="amount"
            dataKey="amount"
            name={amountLabel}
            fill={BLUE}
            radius={[4, 4, 0, 0]}
            isAnimationActive={animate}
            maxBarSize={36}
          />
          {hasConsumption ? (
            <Line
              yAxisId="m3"
              dataKey="m3"
              name={m3Label}
              stroke={TEAL}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={animate}
              type="monotone"
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
