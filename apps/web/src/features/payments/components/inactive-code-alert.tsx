import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui';

/** An inactive code is said to be inactive, and nothing that would fail is offered (pay and prepaid pages). */
export function InactiveCodeAlert({ cc }: { cc?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="ov-pay__gap"
      title={t('payments.pay.inactive', { cc })}
      description={t('payments.pay.inactiveText')}
      data-testid="pay-inactive"
    />
  );
}
