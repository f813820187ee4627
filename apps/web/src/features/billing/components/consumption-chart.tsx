import { centsToPesos, pesosToCents } from '@ov/domain/money';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CartesianChart } from '../../../components/charts/charts';
import { formatMoney } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { ConsumptionPoint } from '../types';

const BLUE = '#0e6ba8';
const TEAL = '#14a3a3';

/** Amount billed per period (bars) with the m³ consumed where the meter reports it (line). */
export default function ConsumptionChart({ points }: { points: ConsumptionPoint[] }) {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const locale = i18n.language === 'en' ? 'en' : 'es';
  const day = (date: string) => dayjs(date).locale(locale);
  const hasConsumption = points.some((point) => point.consumptionM3 !== null);

  return (
    <div className="ov-chart" data-testid="consumption-chart">
      <CartesianChart
        title={t('billing.chart.title')}
        height={isMobile ? 240 : 300}
        labels={points.map((p) => day(p.periodFrom).format(isMobile ? 'MMM YY' : 'MMM YYYY'))}
        details={points.map(
          (p) => `${day(p.periodFrom).format('D MMM YYYY')} – ${day(p.periodTo).format('D MMM YYYY')}`,
        )}
        leftTick={(value) => `$${value}`}
        rightTick={(value) => `${value} m³`}
        leftWidth={isMobile ? 48 : 60}
        rightWidth={isMobile ? 44 : 56}
        series={[
          {
            key: 'amount',
            name: t('billing.chart.amount'),
            color: BLUE,
            kind: 'bar',
            values: points.map((p) => centsToPesos(p.invoicedCents)),
            format: (value) => formatMoney(pesosToCents(value)),
          },
          ...(hasConsumption
            ? [
                {
                  key: 'm3',
                  name: t('billing.chart.consumption'),
                  color: TEAL,
                  kind: 'line' as const,
                  axis: 'right' as const,
                  values: points.map((p) => p.consumptionM3),
                  format: (value: number) => `${value} m³`,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
