import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { Tag } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { canCancel, PendingPaymentActions } from './cancel-payment';
import { paymentOutcomeText, STATUS_COLORS } from './result-text';

/** One payment in the record's read-only side dialog, also opened from a link to it (`…/payment-record/{id}`). */
export function RecordDetail({ row, payer = false }: { row: PaymentDto; payer?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'cc', label: t('payments.record.cc'), children: row.cc },
        { key: 'type', label: t('payments.record.type'), children: t(`payments.types.${row.type}`) },
        {
          key: 'method',
          label: t('payments.record.method'),
          children: t(`payments.methods.${row.paymentMethods}`),
        },
        { key: 'amount', label: t('payments.record.amount'), children: formatMoney(row.amountCents) },
        { key: 'bonus', label: t('payments.record.bonus'), children: formatMoney(row.bonusCents) },
        {
          key: 'status',
          label: t('payments.record.status'),
          children: <Tag color={STATUS_COLORS[row.status]}>{t(`payments.status.${row.status}`)}</Tag>,
        },
        {
          key: 'result',
          label: t('payments.record.result'),
          children: paymentOutcomeText(row, i18n.language) || '—',
        },
        // An EnZona checkout left open can be taken up again, or cancelled by its payer, while it waits.
        ...(row.status === 'PENDING' && (row.redirectUrl || (payer && canCancel(row)))
          ? [
              {
                key: 'resume',
                label: t('payments.record.resumeLabel'),
                children: <PendingPaymentActions payment={row} mayCancel={payer} />,
              },
            ]
          : []),
        { key: 'op', label: t('payments.record.operation'), children: row.externalId },
        {
          key: 'date',
          label: t('payments.record.date'),
          children: formatDateTime(row.createdAt, i18n.language),
        },
      ]}
    />
  );
}
