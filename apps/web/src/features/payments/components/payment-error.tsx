import { useTranslation } from 'react-i18next';
import { OfficeInfo } from '../../../components/office-info/office-info';
import { Alert } from '../../../components/ui';
import { errorText } from '../../../lib/error-text';
import { resultCodeOf, resultText } from './result-text';

/**
 * A refused payment: the result code's exact spec text (3, 4, 5, 7, 9, 10, 12, 13…) or the catalogue
 * message. Code 12 sends the customer to the commercial office: which one, where and when is shown.
 */
export function PaymentError({ error, municipality }: { error: unknown; municipality?: string | number }) {
  const { t, i18n } = useTranslation();
  const code = resultCodeOf(error);
  const text = code ? resultText(code, i18n.language) : errorText(error, t, i18n.language);
  return (
    <Alert
      type="error"
      showIcon
      className="ov-pay__error"
      title={text}
      description={
        code ? (
          <>
            {t('payments.result.code', { code })}
            {code === 12 ? <OfficeInfo municipality={municipality} inline /> : null}
          </>
        ) : undefined
      }
      data-testid="payment-error"
      data-code={code ?? undefined}
    />
  );
}
