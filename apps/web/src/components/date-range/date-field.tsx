import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

const ISO = 'YYYY-MM-DD';

/** How a date is written in the portal's language (as the tables show them: lib/format.ts). */
export const formatOf = (language: string) => (language === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY');

/** A date as the field shows it ('' for none). */
export const showDate = (iso: string, language: string) =>
  iso ? dayjs(iso, ISO).format(formatOf(language)) : '';

/**
 * What a typed text means: an ISO date ('YYYY-MM-DD', e.g. pasted) or a complete date in the
 * language's order with any of / . - as separators and one- or two-digit day and month. '' while
 * the text is empty; null when it is not (yet) a real date.
 */
export function parseDate(text: string, language: string): string | null {
  const value = text.trim();
  if (!value) return '';
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(value)) {
    const date = dayjs(value, ['YYYY-MM-DD', 'YYYY-M-D'], true);
    return date.isValid() ? date.format(ISO) : null;
  }
  const parts = value.split(/[/.\-\s]+/);
  if (parts.length !== 3 || parts[2].length !== 4 || parts.some((p) => !/^\d{1,4}$/.test(p))) return null;
  const [day, month] = language === 'en' ? [parts[1], parts[0]] : [parts[0], parts[1]];
  const date = dayjs(`${parts[2]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`, ISO, true);
  return date.isValid() ? date.format(ISO) : null;
}

/** Typing digits only: the separators are put in as the day and month are complete (dd/mm/aaaa). */
function maskTyped(next: string, previous: string) {
  if (next.length < previous.length || !/^\d+$/.test(next.replace(/\//g, '')) || next.includes('//'))
    return next;
  const digits = next.replace(/\//g, '').slice(0, 8);
  if (next.replace(/\//g, '') !== digits && next.length > 10) return previous;
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  const joined = parts.join('/');
  // "05" becomes "05/" so the next digit starts the month.
  return digits.length === 2 || digits.length === 4 ? `${joined}/` : joined;
}

export interface DateFieldProps {
  label: string;
  /** An ISO date or ''. */
  value: string;
  /** Called with an ISO date, or '' when the text is empty or not a real date. */
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  /** Marked invalid from outside (the range's ends crossed). */
  invalid?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * One date typed in the portal's language (dd/mm/aaaa or mm/dd/yyyy, never the browser's), with a
 * calendar in the same language. The text field is the keyboard's way (Alt+ArrowDown opens the
 * calendar too); the calendar button is for a pointer. In the calendar: arrows move by day and week,
 * Page Up/Down by month, Home/End to the week's ends, Enter chooses, Escape closes.
 */
export function DateField({ label, value, onChange, min, max, invalid, inputRef }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const [text, setText] = useState(showDate(value, language));
  const [shown, setShown] = useState(`${value}|${language}`);
  const [open, setOpen] = useState(false);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const hintId = useId();

  // A date set from outside (a preset, a reset, the language) is drawn in the field.
  if (`${value}|${language}` !== shown) {
    setShown(`${value}|${language}`);
    if (parseDate(text, language) !== value || shown.split('|')[1] !== language)
      setText(showDate(value, language));
  }

  const parsed = parseDate(text, language);
  const outOfRange = !!parsed && ((min && parsed < min) || (max && parsed > max));
  const unreadable = parsed === null && text.replace(/\D/g, '').length >= 6;

  const type = (next: string) => {
    const masked = maskTyped(next, text);
    setText(masked);
    const iso = parseDate(masked, language);
    onChange(iso ?? '');
  };

  const choose = (iso: string) => {
    setText(showDate(iso, language));
    onChange(iso);
    setOpen(false);
    ownInput.current?.focus();
  };

  return (
    <span className="ov-date-range__field-wrap">
      <label className="ov-date-range__field">
        <span className="ov-date-range__label">{label}</span>
        <input
          ref={(element) => {
            ownInput.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) (inputRef as React.RefObject<HTMLInputElement | null>).current = element;
          }}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          size={10}
          maxLength={10}
          placeholder={t(`dateRange.placeholder.${language}`)}
          aria-describedby={hintId}
          aria-keyshortcuts="Alt+ArrowDown"
          aria-invalid={invalid || outOfRange || unreadable || undefined}
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            if (parsed) setText(showDate(parsed, language));
          }}
          onKeyDown={(event) => {
            if (event.altKey && event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
            }
          }}
        />
      </label>
      <span id={hintId} className="ov-visually-hidden">
        {t('dateRange.hint', { format: t(`dateRange.placeholder.${language}`) })}
      </span>
      <button
        type="button"
        tabIndex={-1}
        className="ov-date-range__open"
        aria-label={t('dateRange.open')}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <svg
          viewBox="0 0 16 16"
          width="14"
          height="14"
          fill="currentColor"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M5 1v1h6V1h1.5v1H14a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1h1.5V1H5zm8.5 5h-11v7.5h11V6z" />
        </svg>
      </button>
      {open ? (
        <Calendar
          label={t('dateRange.calendar')}
          language={language}
          value={parsed || ''}
          min={min}
          max={max}
          onChoose={choose}
          onClose={() => {
            setOpen(false);
            ownInput.current?.focus();
          }}
        />
      ) : null}
    </span>
  );
}

/** The month grid of a DateField, in the portal's language (Intl names; Monday first in Spanish). */
function Calendar({
  label,
  language,
  value,
  min,
  max,
  onChoose,
  onClose,
}: {
  label: string;
  language: 'es' | 'en';
  value: string;
  min?: string;
  max?: string;
  onChoose: (iso: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const start = value || dayjs().format(ISO);
  const [focus, setFocus] = useState(clamp(start, min, max));
  const box = useRef<HTMLDivElement>(null);
  const monthId = useId();
  const locale = language === 'en' ? 'en-US' : 'es-ES';
  const firstWeekday = language === 'en' ? 0 : 1;
  const month = dayjs(focus, ISO).startOf('month');
  const gridStart = month.subtract((month.day() - firstWeekday + 7) % 7, 'day');
  const weeks = Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => gridStart.add(w * 7 + d, 'day')),
  ).filter((week) => week.some((day) => day.month() === month.month()));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    month.toDate(),
  );
  const today = dayjs().format(ISO);
  const allowed = (iso: string) => (!min || iso >= min) && (!max || iso <= max);

  // The focused day follows the arrows.
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>(`[data-date="${focus}"]`)?.focus();
  }, [focus]);
  // A press outside closes it.
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const wrap = box.current?.parentElement;
      if (wrap && !wrap.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = dayjs(focus, ISO);
    const next: Record<string, () => dayjs.Dayjs> = {
      ArrowLeft: () => at.subtract(1, 'day'),
      ArrowRight: () => at.add(1, 'day'),
      ArrowUp: () => at.subtract(1, 'week'),
      ArrowDown: () => at.add(1, 'week'),
      PageUp: () => at.subtract(1, event.shiftKey ? 'year' : 'month'),
      PageDown: () => at.add(1, event.shiftKey ? 'year' : 'month'),
      Home: () => at.subtract((at.day() - firstWeekday + 7) % 7, 'day'),
      End: () => at.add(6 - ((at.day() - firstWeekday + 7) % 7), 'day'),
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (next[event.key]) {
      event.preventDefault();
      setFocus(clamp(next[event.key]().format(ISO), min, max));
    }
  };

  // The dialog handles its grid's arrow keys.
  return (
    <div className="ov-date-range__calendar" role="dialog" aria-label={label} ref={box} onKeyDown={move}>
      <div className="ov-date-range__month">
        <button
          type="button"
          className="ov-date-range__step"
          aria-label={t('dateRange.previousMonth')}
          onClick={() => setFocus(clamp(month.subtract(1, 'month').format(ISO), min, max))}
        >
          ‹
        </button>
        <span id={monthId} aria-live="polite">
          {monthName}
        </span>
        <button
          type="button"
          className="ov-date-range__step"
          aria-label={t('dateRange.nextMonth')}
          onClick={() => setFocus(clamp(month.add(1, 'month').format(ISO), min, max))}
        >
          ›
        </button>
      </div>
      <table className="ov-date-range__grid" aria-labelledby={monthId}>
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th
                key={day.day()}
                scope="col"
                abbr={new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(day.toDate())}
              >
                {weekday.format(day.toDate())}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].format(ISO)}>
              {week.map((day) => {
                const iso = day.format(ISO);
                const inMonth = day.month() === month.month();
                return (
                  <td key={iso}>
                    {inMonth ? (
                      <button
                        type="button"
                        data-date={iso}
                        tabIndex={iso === focus ? 0 : -1}
                        disabled={!allowed(iso)}
                        aria-label={longDay.format(day.toDate())}
                        aria-pressed={iso === value}
                        aria-current={iso === today ? 'date' : undefined}
                        className="ov-date-range__day"
                        onClick={() => onChoose(iso)}
                      >
                        {day.date()}
                      </button>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function clamp(iso: string, min?: string, max?: string) {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}
