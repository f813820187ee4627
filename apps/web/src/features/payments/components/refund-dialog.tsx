import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog/modal-dialog';
import { notify } from '../../../lib/notify';
import { refundPayment } from '../api/payments';
import '../../../components/form-kit/form-kit.css';
import './refund-dialog.css';

/**
 * Asks the refund of a paid payment with a reason (3 to 500 characters); open while `payment` is set.
 * The kit's modal dialog: focus goes to the reason, Escape or Cancel closes it (not while the refund is
 * being sent), and focus returns to where it was. No close button, and a click beside it does not close it.
 */
export function RefundDialog(props: {
  payment: PaymentDto | null;
  onClose: () => void;
  onRefunded: () => Promise<unknown>;
}) {
  const { payment, onClose, onRefunded } = props;
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(payment);
  // The reason is cleared when the dialog opens.
  if (shown !== payment) {
    setShown(payment);
    if (payment) setReason('');
  }

  const close = () => {
    if (!sending) onClose();
  };
  const refund = async () => {
    if (!payment) return;
    setSending(true);
    try {
      await refundPayment(payment.id, reason.trim());
      notify.success(t('payments.record.refunded'));
      onClose();
      await onRefunded();
    } catch (error) {
      notify.error(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog
      open={Boolean(payment)}
      title={payment ? t('payments.record.refundTitle', { amount: formatMoney(payment.amountCents) }) : null}
      onCancel={close}
      onOk={() => void refund()}
      okText={t('payments.record.refund')}
      okButtonProps={{ danger: true, disabled: reason.trim().length < 3 }}
      cancelButtonProps={{ disabled: sending }}
      confirmLoading={sending}
      closable={false}
      maskClosable={false}
      className="ov-refund"
      data-testid="refund-dialog"
    >
      {payment ? (
        <>
          <p>{t('payments.record.refundConfirm')}</p>
          <label className="ov-pay__label" htmlFor={`${id}-reason`}>
            {t('payments.record.refundReason')}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="ov-input ov-refund__reason"
            data-testid="refund-reason"
          />
        </>
      ) : null}
    </ModalDialog>
  );
}
