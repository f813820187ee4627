import dayjs, { type Dayjs } from 'dayjs';
import type { Filter } from './validation/forms';

export const NUMBER_FILTER_BOUNDS = { min: 0, max: 99999999999999 } as const;

export type NumberFilterOperator = 'EQUAL' | 'RANGE' | 'LESS_THAN' | 'GREATER_THAN';

/** The spec's number filter: EQUAL is a term; the others are ranges inside NUMBER_FILTER_BOUNDS. */
export function toNumberFilter(
  field: string,
  op: NumberFilterOperator,
  value?: number,
  range?: { from?: number; to?: number },
): Filter {
  const { min, max } = NUMBER_FILTER_BOUNDS;
  switch (op) {
    case 'EQUAL':
      return { type: 'TERM', field, value };
    case 'RANGE':
      return { type: 'RANGE', field, from: range?.from ?? min, to: range?.to ?? max };
    case 'LESS_THAN':
      return { type: 'RANGE', field, from: min, to: (value ?? min) - 1 };
    case 'GREATER_THAN':
      return { type: 'RANGE', field, from: (value ?? min) + 1, to: max };
  }
}

export const DATE_PRESETS = [
  'today',
  'thisWeek',
  'last7Days',
  'thisMonth',
  'last30Days',
  'lastMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  from: Date;
  to: Date;
}

/** Weeks start on Monday (dayjs' default week starts on Sunday). */
function startOfWeek(day: Dayjs): Dayjs {
  return day.startOf('day').subtract((day.day() + 6) % 7, 'day');
}

const range = (from: Dayjs, to: Dayjs): DateRange => ({
  from: from.startOf('day').toDate(),
  to: to.endOf('day').toDate(),
});

/** From the start of the preset's first day to the end of its last day, in local time. */
export function datePresetRange(preset: DatePreset, now: Date = new Date()): DateRange {
  const today = dayjs(now);
  switch (preset) {
    case 'today':
      return range(today, today);
    case 'thisWeek': {
      const monday = startOfWeek(today);
      return range(monday, monday.add(6, 'day'));
    }
    case 'last7Days':
      return range(today.subtract(6, 'day'), today);
    case 'thisMonth':
      return range(today.startOf('month'), today.endOf('month'));
    case 'last30Days':
      return range(today.subtract(29, 'day'), today);
    case 'lastMonth': {
      const previous = today.subtract(1, 'month');
      return range(previous.startOf('month'), previous.endOf('month'));
    }
  }
}

/** The dashboard's default: from the first day of the month three months back to the end of this month. */
export function dashboardDefaultRange(now: Date = new Date()): DateRange {
  const today = dayjs(now);
  return range(today.subtract(3, 'month').startOf('month'), today.endOf('month'));
}

export function toDateRangeFilter(field: string, from: Date | string, to: Date | string): Filter {
  return {
    type: 'RANGE',
    field,
    from: dayjs(from).toISOString(),
    to: dayjs(to).toISOString(),
    isDate: true,
  };
}
