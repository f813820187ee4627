import type { ClientCodeSummary } from '@ov/domain';
import { formatMoney } from '@ov/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The customer's client codes with holder and debt. */
export function CodeSelect(props: {
  codes: ClientCodeSummary[];
  value?: string;
  onChange: (cc: string) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      className="ov-pay__code"
      size="large"
      value={props.value}
      loading={props.loading}
      placeholder={t('payments.pay.chooseCode')}
      onChange={props.onChange}
      data-testid="pay-code"
      aria-label={t('payments.pay.code')}
      options={props.codes.map((code) => ({
        value: code.cc,
        label: (
          <span className="ov-pay__code-option">
            <strong>{code.cc}</strong>
            <span className="ov-pay__code-holder">{code.holder}</span>
            <span className="ov-pay__code-debt">{formatMoney(code.totalDebtCents)}</span>
          </span>
        ),
      }))}
    />
  );
}
