import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui';

const HAVANA = 'America/Havana';

/** 27/11/2026 10:42 (es) or 11/27/2026 10:42 (en), in Havana time whatever the browser's zone. */
export function havanaDateTime(iso: string, language: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: HAVANA,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date =
    language === 'en'
      ? `${part('month')}/${part('day')}/${part('year')}`
      : `${part('day')}/${part('month')}/${part('year')}`;
  return `${date} ${part('hour')}:${part('minute')}`;
}

/** The oldest of the dates given (ISO 8601), or undefined when none is. */
export function oldestAsOf(dates: (string | null | undefined)[]): string | undefined {
  return dates.filter((d): d is string => Boolean(d)).sort()[0];
}

/**
 * The commercial system did not answer: the figures shown are the last known ones, of `asOf`
 * ("Datos del 27/11/2026 10:42; el sistema comercial no responde"). Announced politely (role=status).
 */
export function LastKnownNotice({ asOf }: { asOf: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!asOf) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className="ov-code-detail__notice"
      title={t('billing.lastKnown', { when: havanaDateTime(asOf, i18n.language) })}
      data-testid="last-known"
    />
  );
}
