import { toDateRangeFilter, toNumberFilter } from '@ov/domain/filters';
import { pesosToCents } from '@ov/domain/money';
import type { Filter } from '@ov/domain/validation/forms';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { AmountFilterValue } from './amount-filter';

export type DateRange = [Dayjs, Dayjs] | null;

export interface RecordFilterValues {
  status: string[];
  method?: string;
  type?: string;
  range: DateRange;
  cc: string;
  amount: AmountFilterValue;
  /** The posting's state in the commercial system (staff): PENDING, REFUSED, POSTED, RESOLVED. */
  posting?: string;
}

const centsOf = (value: number | null | undefined) =>
  value === null || value === undefined ? undefined : pesosToCents(value);

/** The spec's filters (§5) for the chosen values; the amount is typed in pesos but filtered in cents. */
export function toRecordFilters({
  status,
  method,
  type,
  range,
  cc,
  amount,
  posting,
}: RecordFilterValues): Filter[] {
  const chosen: Filter[] = [];
  if (posting) chosen.push({ type: 'TERM', field: 'postingStatus', value: posting });
  if (status.length) chosen.push({ type: 'TERMS', field: 'status', value: status } as Filter);
  if (method) chosen.push({ type: 'TERM', field: 'paymentMethods', value: method });
  if (type) chosen.push({ type: 'TERM', field: 'type', value: type });
  if (cc.trim()) chosen.push({ type: 'TERM', field: 'cc', value: cc.trim() });
  if (range?.[0] && range[1])
    chosen.push(
      toDateRangeFilter('createdAt', range[0].startOf('day').toDate(), range[1].endOf('day').toDate()),
    );
  const single = centsOf(amount.value);
  if (amount.op === 'RANGE') {
    const from = centsOf(amount.from);
    const to = centsOf(amount.to);
    if (from !== undefined || to !== undefined)
      chosen.push(toNumberFilter('amountCents', 'RANGE', undefined, { from, to }));
  } else if (single !== undefined) {
    chosen.push(toNumberFilter('amountCents', amount.op, single));
  }
  return chosen;
}

/** The payment record's filter values and the filters they make, kept in one array between renders. */
export function useRecordFilters() {
  const [status, setStatus] = useState<string[]>([]);
  const [method, setMethod] = useState<string>();
  const [type, setType] = useState<string>();
  const [range, setRange] = useState<DateRange>(null);
  const [cc, setCc] = useState('');
  const [amount, setAmount] = useState<AmountFilterValue>({ op: 'EQUAL' });
  const [posting, setPosting] = useState<string>();

  const filters = useMemo(
    () => toRecordFilters({ status, method, type, range, cc, amount, posting }),
    [status, method, type, range, cc, amount, posting],
  );

  return {
    filters,
    status,
    setStatus,
    method,
    setMethod,
    type,
    setType,
    range,
    setRange,
    cc,
    setCc,
    amount,
    setAmount,
    posting,
    setPosting,
  };
}

export type RecordFilterState = ReturnType<typeof useRecordFilters>;
