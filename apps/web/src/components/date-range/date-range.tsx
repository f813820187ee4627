import './i18n';
import './date-range.css';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';

const ISO = 'YYYY-MM-DD';

export type DateRangeValue = [Dayjs, Dayjs] | null;

/** A named range offered beside the fields ("Últimos 7 días"…), as antd's RangePicker presets. */
export interface DateRangePreset {
  label: string;
  value: [Dayjs, Dayjs];
}

export interface DateRangeProps {
  /** The filter's full range, or null when none is set. */
  value?: DateRangeValue;
  /** Called with both dates once a full range (from ≤ to) is chosen, or null when it is cleared. */
  onChange?: (next: DateRangeValue) => void;
  /** The group's name (the filter's label); "Fechas" when not given. */
  label?: string;
  /** The two fields' labels; "Desde" / "Hasta" when not given. */
  fromLabel?: string;
  toLabel?: string;
  /** Named ranges offered in a list before the fields; choosing one sets both dates. */
  presets?: DateRangePreset[];
  /** False: no clear button (a filter that always has a range, like the dashboard's). */
  allowClear?: boolean;
  className?: string;
  'data-testid'?: string;
}

const keyOf = (value: DateRangeValue | undefined) =>
  value ? `${value[0].format(ISO)}|${value[1].format(ISO)}` : '';

/**
 * The portal's one date-range filter, in the look of the theme's field: a group named by the filter's
 * label, "Desde" and "Hasta" fields typed in the portal's language (dd/mm/aaaa, mm/dd/yyyy in English —
 * never the browser's own format) each with a calendar in that language (date-field.tsx), kept from ≤ to,
 * and a clear button once a date is set. Only a full range is reported.
 */
export function DateRange({
  value,
  onChange,
  label,
  fromLabel,
  toLabel,
  presets,
  allowClear = true,
  className,
  ...rest
}: DateRangeProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(value ? value[0].format(ISO) : '');
  const [to, setTo] = useState(value ? value[1].format(ISO) : '');
  const [shown, setShown] = useState(keyOf(value));
  // What this field last reported: the parent handing it back is no reason to redraw the fields.
  const reported = useRef(keyOf(value));
  const fromInput = useRef<HTMLInputElement>(null);

  // A range set from outside (a preset, a reset) is drawn in the fields.
  const incoming = keyOf(value);
  if (incoming !== shown) {
    setShown(incoming);
    if (incoming !== reported.current) {
      reported.current = incoming;
      setFrom(value ? value[0].format(ISO) : '');
      setTo(value ? value[1].format(ISO) : '');
    }
  }

  const report = (next: DateRangeValue) => {
    const key = keyOf(next);
    if (key === reported.current) return;
    reported.current = key;
    onChange?.(next);
  };
  const choose = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (nextFrom && nextTo && nextFrom <= nextTo) report([dayjs(nextFrom), dayjs(nextTo)]);
    else report(null);
  };
  const clear = () => {
    choose('', '');
    fromInput.current?.focus();
  };
  const reversed = !!from && !!to && from > to;
  // The preset the fields show, if any ('' — "Personalizado" — otherwise).
  const current = from && to ? `${from}|${to}` : '';
  const chosen = presets?.findIndex((preset) => keyOf(preset.value) === current) ?? -1;

  return (
    <fieldset
      aria-label={label || t('dateRange.label')}
      className={`ov-date-range${className ? ` ${className}` : ''}`}
      data-testid={rest['data-testid']}
    >
      {presets?.length ? (
        <select
          className="ov-date-range__presets"
          aria-label={t('dateRange.presets')}
          value={chosen >= 0 ? String(chosen) : ''}
          onChange={(event) => {
            const preset = presets[Number(event.target.value)];
            if (event.target.value && preset)
              choose(preset.value[0].format(ISO), preset.value[1].format(ISO));
          }}
        >
          <option value="" disabled={chosen >= 0}>
            {t('dateRange.custom')}
          </option>
          {presets.map((preset, index) => (
            <option key={preset.label} value={String(index)}>
              {preset.label}
            </option>
          ))}
        </select>
      ) : null}
      <DateField
        label={fromLabel || t('dateRange.from')}
        value={from}
        max={to || undefined}
        invalid={reversed}
        inputRef={fromInput}
        onChange={(next) => choose(next, to)}
      />
      {/* The end field and the clear button wrap together on a narrow screen. */}
      <span className="ov-date-range__end">
        <DateField
          label={toLabel || t('dateRange.to')}
          value={to}
          min={from || undefined}
          invalid={reversed}
          onChange={(next) => choose(from, next)}
        />
        {allowClear && (from || to) ? (
          <button
            type="button"
            className="ov-date-range__clear"
            aria-label={t('dateRange.clear')}
            onClick={clear}
          >
            <svg
              viewBox="64 64 896 896"
              width="12"
              height="12"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M563.8 512l262.5-312.9c4.4-5.2.7-13.1-6.1-13.1h-79.8c-4.7 0-9.2 2.1-12.3 5.7L511.6 449.8 295.1 191.7c-3-3.6-7.5-5.7-12.3-5.7H203c-6.8 0-10.5 7.9-6.1 13.1L459.4 512 196.9 824.9A7.95 7.95 0 00203 838h79.8c4.7 0 9.2-2.1 12.3-5.7l216.5-258.1 216.5 258.1c3 3.6 7.5 5.7 12.3 5.7h79.8c6.8 0 10.5-7.9 6.1-13.1L563.8 512z" />
            </svg>
          </button>
        ) : null}
      </span>
    </fieldset>
  );
}
