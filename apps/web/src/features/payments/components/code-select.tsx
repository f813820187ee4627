import type { ClientCodeSummary } from '@ov/domain/billing/contracts';
import { formatMoney } from '@ov/domain/money';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../../components/native-select/native-select';

/** The customer's client codes with holder and debt, named by the page's `<label for="pay-code">`. */
export function CodeSelect(props: {
  codes: ClientCodeSummary[];
  value?: string;
  onChange: (cc: string) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect<string>
      id="pay-code"
      className="ov-pay__code"
      size="large"
      value={props.value}
      loading={props.loading}
      placeholder={t('payments.pay.chooseCode')}
      onChange={(cc) => {
        if (cc) props.onChange(cc);
      }}
      data-testid="pay-code"
      options={props.codes.map((code) => ({
        value: code.cc,
        label: `${code.cc} · ${code.holder} · ${formatMoney(code.totalDebtCents)}`,
      }))}
      renderValue={(option) => {
        const code = props.codes.find((c) => c.cc === option.value);
        return code ? (
          <span className="ov-pay__code-option">
            <strong>{code.cc}</strong>
            <span className="ov-pay__code-holder">{code.holder}</span>
            <span className="ov-pay__code-debt">{formatMoney(code.totalDebtCents)}</span>
          </span>
        ) : null;
      }}
    />
  );
}
