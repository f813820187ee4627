import { formatMoney, type PaymentDto } from '@ov/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { notify } from '../../../lib/notify';
import { refundPayment } from '../api/payments';
import '../../../components/form-kit/form-kit.css';
import './refund-dialog.css';

/**
 * Asks the refund of a paid payment with a reason (3 to 500 characters); open while `payment` is set.
 * A native modal `<dialog>`: focus goes to the reason, Escape or Cancel closes it, and focus returns to
 * where it was.
 */
export function RefundDialog(props: {
  payment: PaymentDto | null;
  onClose: () => void;
  onRefunded: () => Promise<unknown>;
}) {
  const { payment, onClose, onRefunded } = props;
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(payment);
  // The reason is cleared when the dialog opens.
  if (shown !== payment) {
    setShown(payment);
    if (payment) setReason('');
  }

  const open = Boolean(payment);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

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
    <dialog
      ref={dialog}
      className="ov-refund"
      aria-labelledby={`${id}-title`}
      data-testid="refund-dialog"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      {payment ? (
        <>
          <h2 className="ov-refund__title" id={`${id}-title`}>
            {t('payments.record.refundTitle', { amount: formatMoney(payment.amountCents) })}
          </h2>
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
          <div className="ov-refund__buttons">
            <Button onClick={close} disabled={sending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              danger
              disabled={reason.trim().length < 3}
              loading={sending}
              onClick={() => void refund()}
            >
              {t('payments.record.refund')}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
