import { formatMoney } from '@ov/domain/money';
import { dayjs } from './date-locale';

export { formatMoney };

/** Short date for tables: 05/03/2026 in Spanish, 03/05/2026 in English. */
export function formatDate(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date.locale(language === 'en' ? 'en' : 'es').format(language === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY');
}

export function formatDateTime(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date
    .locale(language === 'en' ? 'en' : 'es')
    .format(language === 'en' ? 'MM/DD/YYYY h:mm A' : 'DD/MM/YYYY HH:mm');
}
