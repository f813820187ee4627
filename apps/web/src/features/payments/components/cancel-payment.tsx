import { CloseCircleOutlined } from '@ant-design/icons';
import { formatMoney, type PaymentDto } from '@ov/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { cancelPayment, PAYMENTS_KEY } from '../api/payments';

/** Whether the payer may cancel this payment here: their own EnZona checkout still waiting. */
export function canCancel(row: PaymentDto): boolean {
  return row.status === 'PENDING' && row.paymentMethods === 'ENZONA';
}

/**
 * Asks for confirmation and cancels the payer's pending payment: the EnZona order is withdrawn and
 * the invoices it held are free again. Everything that shows payments or invoices is refreshed.
 */
export function useCancelPayment() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  return (row: PaymentDto, onDone?: (after: PaymentDto) => void) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: t('payments.cancel.title', { amount: formatMoney(row.amountCents) }),
        content: t('payments.cancel.text'),
        okText: t('payments.cancel.action'),
        okButtonProps: { danger: true, 'data-testid': 'payment-cancel-confirm' } as never,
        cancelText: t('payments.cancel.keep'),
        onCancel: () => resolve(),
        onOk: async () => {
          try {
            const after = await cancelPayment(row.id);
            notify.success(t('payments.cancel.done'));
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
              queryClient.invalidateQueries({ queryKey: ['billing'] }),
            ]);
            onDone?.(after);
          } catch (error) {
            notify.error(error);
            await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
          } finally {
            resolve();
          }
        },
      });
    });
}

/** "Cancelar pago", with its confirmation. */
export function CancelPaymentButton({
  payment,
  onDone,
  size,
}: {
  payment: PaymentDto;
  onDone?: (after: PaymentDto) => void;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation();
  const cancel = useCancelPayment();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      danger
      size={size}
      icon={<CloseCircleOutlined />}
      loading={busy}
      data-testid="payment-cancel"
      onClick={async () => {
        setBusy(true);
        await cancel(payment, onDone);
        setBusy(false);
      }}
    >
      {t('payments.cancel.action')}
    </Button>
  );
}

/**
 * What can be done with a pending payment: go back to EnZona's checkout (while it has one) and, for
 * the payer (`mayCancel`), cancel it. Nothing when neither applies.
 */
export function PendingPaymentActions({
  payment,
  mayCancel = true,
}: {
  payment: PaymentDto;
  mayCancel?: boolean;
}) {
  const { t } = useTranslation();
  const cancellable = mayCancel && canCancel(payment);
  if (!payment.redirectUrl && !cancellable) return null;
  return (
    <Space wrap>
      {payment.redirectUrl ? (
        <Button type="primary" href={payment.redirectUrl} data-testid="payment-resume">
          {t('payments.record.resume')}
        </Button>
      ) : null}
      {cancellable ? <CancelPaymentButton payment={payment} /> : null}
    </Space>
  );
}
