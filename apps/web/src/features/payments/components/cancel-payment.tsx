import { CloseCircleOutlined } from '@ant-design/icons';
import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog/confirm-dialog';
import { Button, Popconfirm, Space } from '../../../components/ui';
import { notify } from '../../../lib/notify';
import { cancelPayment, PAYMENTS_KEY } from '../api/payments';

/** Whether the payer may cancel this payment here: their own EnZona checkout still waiting. */
export function canCancel(row: PaymentDto): boolean {
  return row.status === 'PENDING' && row.paymentMethods === 'ENZONA';
}

/**
 * Cancels the payer's pending payment: the EnZona order is withdrawn and the invoices it held are
 * free again. Everything that shows payments or invoices is refreshed. Never throws: a refusal is a
 * toast, and the payments are reloaded to show how things stand.
 */
function useCancelNow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (row: PaymentDto, onDone?: (after: PaymentDto) => void) => {
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
    }
  };
}

/**
 * Asks for confirmation in a modal dialog, then cancels the payer's pending payment (for a menu
 * item, which has no button to hang a Popconfirm on). Resolves once the question is answered and,
 * when it was "yes", the cancellation is done.
 */
export function useCancelPayment() {
  const { t } = useTranslation();
  const cancelNow = useCancelNow();
  return async (row: PaymentDto, onDone?: (after: PaymentDto) => void): Promise<void> => {
    await confirm({
      title: t('payments.cancel.title', { amount: formatMoney(row.amountCents) }),
      content: t('payments.cancel.text'),
      okText: t('payments.cancel.action'),
      cancelText: t('payments.cancel.keep'),
      danger: true,
      okTestId: 'payment-cancel-confirm',
      onOk: () => cancelNow(row, onDone),
    });
  };
}

/** "Cancelar pago", with its confirmation over the button. */
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
  const cancelNow = useCancelNow();
  return (
    <Popconfirm
      title={t('payments.cancel.title', { amount: formatMoney(payment.amountCents) })}
      description={t('payments.cancel.text')}
      okText={t('payments.cancel.action')}
      cancelText={t('payments.cancel.keep')}
      okButtonProps={{ danger: true, 'data-testid': 'payment-cancel-confirm' }}
      onConfirm={() => cancelNow(payment, onDone)}
    >
      <Button danger size={size} icon={<CloseCircleOutlined />} data-testid="payment-cancel">
        {t('payments.cancel.action')}
      </Button>
    </Popconfirm>
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
