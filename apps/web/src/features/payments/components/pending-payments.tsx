import { formatMoney } from '@ov/domain/money';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { usePendingPayments } from '../api/payments';
import { canCancel, PendingPaymentActions } from './cancel-payment';

/**
 * The caller's payments of this code still waiting at a gateway: they hold their invoices
 * ("Procesando") meanwhile. An EnZona checkout can be taken up again or cancelled here; a
 * Transfermóvil order frees them when it lapses.
 */
export function PendingPayments({ cc }: { cc: string | undefined }) {
  const { t, i18n } = useTranslation();
  const pending = usePendingPayments(cc);
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="ov-pay__pending" data-testid="pay-pending">
      {rows.map((row) => (
        <Alert
          key={row.id}
          type="warning"
          showIcon
          data-payment-id={row.id}
          title={t('payments.pending.title', {
            count: row.invoiceIds.length,
            amount: formatMoney(row.amountCents),
            method: t(`payments.methods.${row.paymentMethods}`),
          })}
          description={
            <>
              <p className="ov-pay__pending-text">
                {canCancel(row)
                  ? t('payments.pending.enzona')
                  : t('payments.pending.lapses', { time: formatDateTime(row.expiresAt, i18n.language) })}
              </p>
              <PendingPaymentActions payment={row} />
            </>
          }
        />
      ))}
    </div>
  );
}
