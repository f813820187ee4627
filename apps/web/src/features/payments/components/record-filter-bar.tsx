import { FilterOutlined } from '@ant-design/icons';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TYPES, POSTING_STATUSES } from '@ov/domain/enums';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../components/date-range/date-range';
import { TextInput } from '../../../components/form-kit/inputs';
import { MultiChoice } from '../../../components/multi-choice/multi-choice';
import { NativeSelect } from '../../../components/native-select/native-select';
import { Button } from '../../../components/ui';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { AmountFilter } from './amount-filter';
import type { RecordFilterState } from './use-record-filters';

/**
 * The payment record's filters; the client code one only for staff (a customer's record holds only their
 * codes), the posting one only when payments are posted to a commercial system (not the built-in ledger). On phones they fold behind a "Filtros" button beside the search (five rows of them pushed the
 * record off the screen), which counts the filters in force.
 */
export function RecordFilterBar({
  state,
  staff,
  postings = false,
}: {
  state: RecordFilterState;
  staff: boolean;
  /** Payments are posted to a commercial system (COMMERCIAL_SYSTEM=http): the posting filter applies. */
  postings?: boolean;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!mobile) return <RecordFilters state={state} staff={staff} postings={postings} />;
  const active = state.filters.length;
  return (
    <>
      <Button
        icon={<FilterOutlined />}
        className="ov-records__filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="records-filters-toggle"
      >
        {active ? t('payments.record.filtersActive', { count: active }) : t('payments.record.filters')}
      </Button>
      {open ? (
        <div id={panelId} className="ov-records__filters" data-testid="records-filters">
          <RecordFilters state={state} staff={staff} postings={postings} />
        </div>
      ) : null}
    </>
  );
}

function RecordFilters({
  state,
  staff,
  postings,
}: {
  state: RecordFilterState;
  staff: boolean;
  postings: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MultiChoice
        label={t('payments.record.status')}
        value={state.status}
        onChange={state.setStatus}
        className="ov-list__filter ov-records__status"
        options={PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.status.${value}`) }))}
        data-testid="filter-status"
      />
      <NativeSelect
        allowClear
        placeholder={t('payments.record.method')}
        value={state.method}
        onChange={state.setMethod}
        className="ov-list__filter"
        options={PAYMENT_METHODS.map((value) => ({ value, label: t(`payments.methods.${value}`) }))}
        data-testid="filter-method"
      />
      <NativeSelect
        allowClear
        placeholder={t('payments.record.type')}
        value={state.type}
        onChange={state.setType}
        className="ov-list__filter"
        options={PAYMENT_TYPES.map((value) => ({ value, label: t(`payments.types.${value}`) }))}
        data-testid="filter-type"
      />
      {staff && postings ? (
        <NativeSelect
          allowClear
          placeholder={t('payments.posting.filter')}
          value={state.posting}
          onChange={state.setPosting}
          className="ov-list__filter ov-records__posting"
          options={POSTING_STATUSES.map((value) => ({ value, label: t(`payments.posting.status.${value}`) }))}
          data-testid="filter-posting"
        />
      ) : null}
      {staff ? (
        <TextInput
          type="search"
          placeholder={t('payments.record.cc')}
          aria-label={t('payments.record.cc')}
          value={state.cc}
          onChange={(e) => state.setCc(e.target.value)}
          className="ov-list__filter ov-records__cc"
          data-testid="filter-cc"
        />
      ) : null}
      <DateRange
        value={state.range}
        onChange={state.setRange}
        className="ov-records__range"
        data-testid="filter-dates"
      />
      <AmountFilter value={state.amount} onChange={state.setAmount} />
    </>
  );
}
