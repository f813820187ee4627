import { formatMoney, type PaymentDto } from '@ov/domain';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { refundPayment } from '../api/payments';

/** Asks the refund of a paid payment with a reason (3 to 500 characters); open while `payment` is set. */
export function RefundDialog(props: {
  payment: PaymentDto | null;
  onClose: () => void;
  onRefunded: () => Promise<unknown>;
}) {
  const { payment, onClose, onRefunded } = props;
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(payment);
  // The reason is cleared when the dialog opens, not when it closes, so the text stays while it fades out.
  if (shown !== payment) {
    setShown(payment);
    if (payment) setReason('');
  }

  return (
    <Modal
      open={Boolean(payment)}
      title={payment ? t('payments.record.refundTitle', { amount: formatMoney(payment.amountCents) }) : ''}
      okText={t('payments.record.refund')}
      okButtonProps={{ danger: true, disabled: reason.trim().length < 3, loading: sending }}
      onCancel={onClose}
      onOk={async () => {
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
      }}
    >
      <p>{t('payments.record.refundConfirm')}</p>
      <label className="ov-pay__label" htmlFor="refund-reason">
        {t('payments.record.refundReason')}
      </label>
      <Input.TextArea
        id="refund-reason"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid="refund-reason"
      />
    </Modal>
  );
}
