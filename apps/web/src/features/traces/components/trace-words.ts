import { CONTRACT_LABELS } from '@ov/domain/contract-labels';
import { formatMoney } from '@ov/domain/money';
import { findMunicipality } from '@ov/domain/municipalities';
import { ROLE_LABELS } from '@ov/domain/notifications';
import { paymentResult } from '@ov/domain/payments/results';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '../../../lib/format';

/**
 * Traces store code words (modules, sections, field names and values as the API writes them);
 * this turns each into words in the reader's language. Unknown words fall back to a readable form
 * of the code ("sessionsRevoked" → "sessions revoked") rather than the code itself.
 */
type Lang = 'es' | 'en';
const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'es');

/** camelCase, kebab-case or SNAKE_CASE as lower-case words (last resort, never shown for known ones). */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function moduleWords(t: TFunction, module: string): string {
  return t(`traces.modules.${module}`, { defaultValue: humanize(module) });
}

export function sectionWords(t: TFunction, section: string): string {
  return t(`traces.sections.${section}`, { defaultValue: humanize(section) });
}

export function fieldWords(t: TFunction, field: string): string {
  return t(`traces.fieldNames.${field}`, { defaultValue: humanize(field) });
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY_FIELDS = new Set([
  'amountCents',
  'bonusCents',
  'advanceMinCents',
  'minimumCents',
  'agreementMinInstalmentCents',
  'downPaymentCents',
]);
const CONTRACT_WORDS: Record<string, 'status' | 'sector' | 'procedure'> = {
  status: 'status',
  sector: 'sector',
  procedureType: 'procedure',
};

/** One value of a trace in words: enums by field, money, dates, municipalities, roles, yes/no. */
export function valueWords(
  t: TFunction,
  language: string,
  module: string,
  field: string,
  value: unknown,
): string {
  const lang = langOf(language);
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'traces.values.yes' : 'traces.values.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((item) => valueWords(t, language, module, field, item)).join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) =>
        typeof item === 'object' && item !== null && !Array.isArray(item)
          ? `${fieldWords(t, key)}: ${JSON.stringify(item)}`
          : `${fieldWords(t, key)}: ${valueWords(t, language, module, key, item)}`,
      )
      .join('\n');
  }
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return formatMoney(value);
    if (field === 'municipality' || field === 'serves')
      return findMunicipality(value)?.municipio ?? String(value);
    if (field === 'resultCode') return paymentResult(value)?.[lang] ?? String(value);
    if (field === 'advanceBonusPercent' || field === 'bonusPercent' || field === 'agreementMinDownPercent')
      return `${value} %`;
    return value.toLocaleString(lang === 'en' ? 'en-US' : 'es-ES');
  }
  const text = String(value);
  if (ISO_DATE_TIME.test(text)) return formatDateTime(text, language);
  if (ISO_DATE.test(text)) return formatDate(text, language);
  if (module === 'contract-requests' && CONTRACT_WORDS[field]) {
    const words = CONTRACT_LABELS[lang][CONTRACT_WORDS[field]] as Record<string, string>;
    if (words[text]) return words[text];
  }
  if (field === 'roles' || field === 'role' || field === 'roleGranted')
    return ROLE_LABELS[lang][text] ?? text;
  // Only code words are looked up (an e-mail's dots or a URL's colon would read as key paths).
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return text;
  return t(`traces.values.${field}.${text}`, {
    defaultValue: t(`traces.values.any.${text}`, { defaultValue: text }),
  });
}
