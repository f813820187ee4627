import type { NumberFilterOperator } from '@ov/domain';
import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../../components/native-select/native-select';

export interface AmountFilterValue {
  op: NumberFilterOperator;
  value?: number | null;
  from?: number | null;
  to?: number | null;
}

const OPS: NumberFilterOperator[] = ['EQUAL', 'RANGE', 'LESS_THAN', 'GREATER_THAN'];

/** The spec's number filter (§5) on the amount, typed in pesos. */
export function AmountFilter(props: {
  value: AmountFilterValue;
  onChange: (value: AmountFilterValue) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const number = (v: number | null | undefined, field: 'value' | 'from' | 'to', placeholder: string) => (
    <InputNumber
      min={0}
      step={1}
      precision={2}
      prefix="$"
      placeholder={placeholder}
      value={v ?? null}
      onChange={(next) => onChange({ ...value, [field]: next })}
      className="ov-amount-filter__number"
      data-testid={`filter-amount-${field}`}
    />
  );
  return (
    <Space.Compact className="ov-amount-filter">
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
    </Space.Compact>
  );
}
