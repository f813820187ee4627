import { formatMoney, type PaymentDto } from '@ov/domain';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../../app/antd-scope';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { Tag } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { paymentOutcomeText, STATUS_COLORS } from './result-text';

/**
 * Whether the payer may cancel this payment: their own EnZona checkout still waiting. The rule of
 * cancel-payment's `canCancel`, here so that the record does not load that module (and the Ant Design
 * it still uses) before a payer asks for a cancellation.
 */
export function mayCancel(row: PaymentDto): boolean {
  return row.status === 'PENDING' && row.paymentMethods === 'ENZONA';
}

/** Resume or cancel a pending payment (components/cancel-payment, still in Ant Design): fetched when shown. */
const PendingPaymentActions = lazy(() =>
  import('./cancel-payment').then((m) => ({ default: m.PendingPaymentActions })),
);

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
        ...(row.status === 'PENDING' && (row.redirectUrl || (payer && mayCancel(row)))
          ? [
              {
                key: 'resume',
                label: t('payments.record.resumeLabel'),
                children: (
                  <AntdScope fallback={null}>
                    <PendingPaymentActions payment={row} mayCancel={payer} />
                  </AntdScope>
                ),
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
