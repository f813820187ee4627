import type { NumberFilterOperator } from '@ov/domain/filters';
import { centsToPesos, parseMoneyToCents } from '@ov/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form-kit/inputs';
import { NativeSelect } from '../../../components/native-select/native-select';
import './amount-filter.css';

export interface AmountFilterValue {
  op: NumberFilterOperator;
  value?: number | null;
  from?: number | null;
  to?: number | null;
}

const OPS: NumberFilterOperator[] = ['EQUAL', 'RANGE', 'LESS_THAN', 'GREATER_THAN'];

/** Pesos typed ('12', '1,234.5', '$ 12.50'): the number, `null` when empty, `undefined` when not a valid amount. */
export function parsePesos(text: string): number | null | undefined {
  if (!text.trim()) return null;
  try {
    const cents = parseMoneyToCents(text);
    return cents < 0 ? undefined : centsToPesos(cents);
  } catch {
    return undefined;
  }
}

const shownPesos = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2);

/**
 * An amount in pesos as Ant Design's InputNumber was here (0 or more, two decimals, "$" before it):
 * a text field with the decimal keypad; a valid amount is passed on as it is typed, an invalid one is
 * marked and ignored, and leaving the field shows the amount passed on with its two decimals.
 */
function PesosInput(props: {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  placeholder: string;
  label: string;
  testId: string;
}) {
  const { value, onChange } = props;
  const [text, setText] = useState(shownPesos(value));
  const [shown, setShown] = useState(value);
  // A value set from outside (cleared, the operator changed) replaces what is typed.
  if (shown !== value) {
    setShown(value);
    if (parsePesos(text) !== value) setText(shownPesos(value));
  }
  const invalid = parsePesos(text) === undefined;
  return (
    <span className="ov-amount-filter__number">
      <span className="ov-amount-filter__prefix" aria-hidden="true">
        $
      </span>
      <TextInput
        inputMode="decimal"
        autoComplete="off"
        value={text}
        placeholder={props.placeholder}
        aria-label={props.label}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          setText(event.target.value);
          const next = parsePesos(event.target.value);
          if (next !== undefined && next !== value) {
            setShown(next);
            onChange(next);
          }
        }}
        onBlur={() => setText(shownPesos(value))}
        data-testid={props.testId}
      />
    </span>
  );
}

/** The spec's number filter (§5) on the amount, typed in pesos. */
export function AmountFilter(props: {
  value: AmountFilterValue;
  onChange: (value: AmountFilterValue) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const number = (v: number | null | undefined, field: 'value' | 'from' | 'to', placeholder: string) => (
    <PesosInput
      key={field}
      value={v}
      placeholder={placeholder}
      label={field === 'value' ? placeholder : `${t('payments.record.amountOp')}: ${placeholder}`}
      onChange={(next) => onChange({ ...value, [field]: next })}
      testId={`filter-amount-${field}`}
    />
  );
  return (
    // The operator and the amount(s) joined as Ant Design's compact group (payments.css).
    <div className="ov-amount-filter">
      <NativeSelect<NumberFilterOperator>
        value={value.op}
        onChange={(op) => onChange({ ...value, op: op ?? 'EQUAL' })}
        options={OPS.map((op) => ({ value: op, label: t(`payments.record.ops.${op}`) }))}
        className="ov-amount-filter__op"
        aria-label={t('payments.record.amountOp')}
        data-testid="filter-amount-op"
      />
      {value.op === 'RANGE' ? (
        <>
          {number(value.from, 'from', t('payments.record.min'))}
          {number(value.to, 'to', t('payments.record.max'))}
        </>
      ) : (
        number(value.value, 'value', t('payments.record.value'))
      )}
    </div>
  );
}
