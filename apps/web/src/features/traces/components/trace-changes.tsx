import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table';
import type { Trace } from '../types';
import { fieldWords, valueWords } from './trace-words';
import '../../../components/text/text.css';

interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
}

/** A value of the payload as plain text (to tell a real change from "nothing" to "nothing"). */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') {
    // A flat object (e.g. an address) reads best as "key: value" lines.
    const entries = Object.entries(value as Record<string, unknown>);
    if (!Array.isArray(value) && entries.every(([, item]) => typeof item !== 'object' || item === null))
      return entries.length ? entries.map(([key, item]) => `${key}: ${readableValue(item)}`).join('\n') : '—';
    return JSON.stringify(value, null, 2);
  }
  return String(value);
}

function Value({ text, tone }: { text: string; tone: 'before' | 'after' }) {
  const block = text.includes('\n');
  return block ? (
    <pre className={`ov-traces__value ov-traces__value--${tone}`}>{text}</pre>
  ) : (
    <span className={`ov-traces__value ov-traces__value--${tone}`}>{text}</span>
  );
}

/** The before/after of a trace, one line per changed field. */
export function TraceChanges({ trace }: { trace: Trace }) {
  const { t, i18n } = useTranslation();
  const words = (field: string, value: unknown) => valueWords(t, i18n.language, trace.module, field, value);
  const rows: ChangeRow[] = Object.entries(trace.payload?.changes ?? {})
    .map(([field, change]) => ({ field, before: change?.before, after: change?.after }))
    // A field that went from "nothing" to "nothing" (missing vs null) is no change to a reader.
    .filter((row) => readableValue(row.before) !== readableValue(row.after));
  if (rows.length === 0) return <span className="ov-text-secondary">{t('traces.noChanges')}</span>;
  return (
    <DataTable<ChangeRow>
      className="ov-traces__changes"
      size="small"
      caption={t('traces.change.caption')}
      rowKey={(row) => row.field}
      rows={rows}
      data-testid="trace-changes"
      columns={[
        {
          key: 'field',
          title: t('traces.change.field'),
          rowHeader: true,
          render: (row) => <strong className="ov-strong">{fieldWords(t, row.field)}</strong>,
        },
        {
          key: 'before',
          title: t('traces.change.before'),
          render: (row) => <Value text={words(row.field, row.before)} tone="before" />,
        },
        {
          key: 'after',
          title: t('traces.change.after'),
          render: (row) => <Value text={words(row.field, row.after)} tone="after" />,
        },
      ]}
    />
  );
}
