import { describe, expect, it } from 'vitest';
import {
  DATE_PRESETS,
  dashboardDefaultRange,
  datePresetRange,
  NUMBER_FILTER_BOUNDS,
  toDateRangeFilter,
  toNumberFilter,
} from './filters';

describe('toNumberFilter', () => {
  it('turns EQUAL into a term', () => {
    expect(toNumberFilter('amount', 'EQUAL', 50)).toEqual({ type: 'TERM', field: 'amount', value: 50 });
  });

  it('turns RANGE into from/to, defaulting to the bounds', () => {
    expect(toNumberFilter('amount', 'RANGE', undefined, { from: 10, to: 20 })).toEqual({
      type: 'RANGE',
      field: 'amount',
      from: 10,
      to: 20,
    });
    expect(toNumberFilter('amount', 'RANGE')).toEqual({
      type: 'RANGE',
      field: 'amount',
      from: 0,
      to: 99999999999999,
    });
    expect(toNumberFilter('amount', 'RANGE', undefined, { from: 0 }).to).toBe(NUMBER_FILTER_BOUNDS.max);
  });

  it('turns LESS_THAN into a range up to the value minus one', () => {
    expect(toNumberFilter('amount', 'LESS_THAN', 100)).toEqual({
      type: 'RANGE',
      field: 'amount',
      from: 0,
      to: 99,
    });
  });

  it('turns GREATER_THAN into a range from the value plus one', () => {
    expect(toNumberFilter('amount', 'GREATER_THAN', 100)).toEqual({
      type: 'RANGE',
      field: 'amount',
      from: 101,
      to: 99999999999999,
    });
  });
});

describe('datePresetRange', () => {
  // Sunday 22 November 2026, mid-afternoon local time.
  const now = new Date(2026, 10, 22, 15, 30);
  const startOf = (y: number, m: number, d: number) => new Date(y, m, d, 0, 0, 0, 0);
  const endOf = (y: number, m: number, d: number) => new Date(y, m, d, 23, 59, 59, 999);

  it('covers today', () => {
    expect(datePresetRange('today', now)).toEqual({ from: startOf(2026, 10, 22), to: endOf(2026, 10, 22) });
  });

  it('starts this week on Monday, also when today is Sunday', () => {
    expect(datePresetRange('thisWeek', now)).toEqual({
      from: startOf(2026, 10, 16),
      to: endOf(2026, 10, 22),
    });
    expect(datePresetRange('thisWeek', new Date(2026, 10, 16, 8))).toEqual({
      from: startOf(2026, 10, 16),
      to: endOf(2026, 10, 22),
    });
  });

  it('covers the last 7 and 30 days including today', () => {
    expect(datePresetRange('last7Days', now)).toEqual({
      from: startOf(2026, 10, 16),
      to: endOf(2026, 10, 22),
    });
    expect(datePresetRange('last30Days', now)).toEqual({
      from: startOf(2026, 9, 24),
      to: endOf(2026, 10, 22),
    });
  });

  it('covers this month and last month whole', () => {
    expect(datePresetRange('thisMonth', now)).toEqual({
      from: startOf(2026, 10, 1),
      to: endOf(2026, 10, 30),
    });
    expect(datePresetRange('lastMonth', now)).toEqual({ from: startOf(2026, 9, 1), to: endOf(2026, 9, 31) });
    expect(datePresetRange('lastMonth', new Date(2026, 0, 10))).toEqual({
      from: startOf(2025, 11, 1),
      to: endOf(2025, 11, 31),
    });
  });

  it('has a range for every preset', () => {
    for (const preset of DATE_PRESETS) {
      const { from, to } = datePresetRange(preset, now);
      expect(from.getTime()).toBeLessThan(to.getTime());
    }
  });
});

describe('dashboardDefaultRange', () => {
  it('runs from the first day three months back to the end of this month', () => {
    expect(dashboardDefaultRange(new Date(2026, 10, 22, 15))).toEqual({
      from: new Date(2026, 7, 1, 0, 0, 0, 0),
      to: new Date(2026, 10, 30, 23, 59, 59, 999),
    });
  });

  it('crosses the year boundary', () => {
    expect(dashboardDefaultRange(new Date(2026, 1, 10))).toEqual({
      from: new Date(2025, 10, 1, 0, 0, 0, 0),
      to: new Date(2026, 1, 28, 23, 59, 59, 999),
    });
  });
});

describe('toDateRangeFilter', () => {
  it('sends ISO dates flagged as dates', () => {
    const from = new Date(Date.UTC(2026, 7, 1));
    expect(toDateRangeFilter('createdAt', from, '2026-11-30T23:59:59.999Z')).toEqual({
      type: 'RANGE',
      field: 'createdAt',
      from: '2026-08-01T00:00:00.000Z',
      to: '2026-11-30T23:59:59.999Z',
      isDate: true,
    });
  });
});
