import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toRecordFilters } from './use-record-filters';

const none = { status: [], range: null, cc: '', amount: { op: 'EQUAL' as const } };

describe('payment record filters', () => {
  it('sends no filter when nothing is chosen', () => {
    expect(toRecordFilters(none)).toEqual([]);
  });

  it('filters by status, method, type and the trimmed client code', () => {
    expect(
      toRecordFilters({ ...none, status: ['PAYED'], method: 'ENZONA', type: 'CC', cc: ' 123 ' }),
    ).toEqual([
      { type: 'TERMS', field: 'status', value: ['PAYED'] },
      { type: 'TERM', field: 'paymentMethods', value: 'ENZONA' },
      { type: 'TERM', field: 'type', value: 'CC' },
      { type: 'TERM', field: 'cc', value: '123' },
    ]);
    expect(toRecordFilters({ ...none, cc: '   ' })).toEqual([]);
  });

  it('takes whole days of the date range', () => {
    const from = dayjs('2024-03-05T10:00:00');
    const to = dayjs('2024-03-07T10:00:00');
    expect(toRecordFilters({ ...none, range: null })).toEqual([]);
    expect(toRecordFilters({ ...none, range: [from, to] })).toEqual([
      {
        type: 'RANGE',
        field: 'createdAt',
        from: from.startOf('day').toISOString(),
        to: to.endOf('day').toISOString(),
        isDate: true,
      },
    ]);
  });

  it('turns the amount typed in pesos into cents', () => {
    expect(toRecordFilters({ ...none, amount: { op: 'EQUAL', value: 12.34 } })).toEqual([
      { type: 'TERM', field: 'amountCents', value: 1234 },
    ]);
    expect(toRecordFilters({ ...none, amount: { op: 'GREATER_THAN', value: 1 } })).toEqual([
      { type: 'RANGE', field: 'amountCents', from: 101, to: 99999999999999 },
    ]);
    expect(toRecordFilters({ ...none, amount: { op: 'RANGE', from: 1, to: null } })).toEqual([
      { type: 'RANGE', field: 'amountCents', from: 100, to: 99999999999999 },
    ]);
    expect(toRecordFilters({ ...none, amount: { op: 'RANGE', from: null, to: null } })).toEqual([]);
  });
});
