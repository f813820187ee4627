import { MobileOutlined } from '@ant-design/icons';
import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card/card';
import { CopyButton } from '../../../components/text/copy-button';
import { Button, Spin } from '../../../components/ui';
import { Countdown } from './countdown';
import { QrImage } from './qr-image';

/** The Transfermóvil order: QR, deep link, transaction code, countdown, and a live "waiting" line. */
export function TransfermovilPanel(props: {
  payment: Pick<PaymentDto, 'id' | 'amountCents' | 'qr' | 'deepLink' | 'transactionCode' | 'expiresAt'>;
  onExpired?: () => void;
  onCancel?: () => void;
  /** The panel's heading, focused when the order appears (so focus never falls to the page's body). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const { payment } = props;
  return (
    <Card
      className="ov-tm"
      data-testid="tm-panel"
      data-payment-id={payment.id}
      role="region"
      aria-labelledby="ov-tm-title"
      data-payment-view=""
    >
      <div className="ov-tm__head">
        <span className="ov-gateway__logo ov-gateway--transfermovil" aria-hidden>
          TM
        </span>
        <div>
          <h2 id="ov-tm-title" ref={props.headingRef} tabIndex={-1}>
            {t('payments.tm.title')}
          </h2>
          <span className="ov-text-secondary">{t('payments.tm.scan')}</span>
        </div>
      </div>
      <div className="ov-tm__body">
        <div className="ov-tm__qr">
          {payment.qr ? <QrImage text={payment.qr} alt={t('payments.tm.qrAlt')} /> : null}
        </div>
        <dl className="ov-tm__facts">
          <dt>{t('payments.tm.amount')}</dt>
          <dd className="ov-tm__amount">{formatMoney(payment.amountCents)}</dd>
          <dt>{t('payments.tm.code')}</dt>
          <dd>
            <span className="ov-tm__code" data-testid="tm-code">
              {payment.transactionCode}
            </span>
            <CopyButton
              text={payment.transactionCode ?? ''}
              label={t('payments.tm.copy')}
              doneLabel={t('payments.tm.copied')}
            />
          </dd>
          <dt>{t('payments.tm.expiresIn')}</dt>
          <dd>
            <Countdown until={payment.expiresAt} onEnd={props.onExpired} />
          </dd>
        </dl>
      </div>
      {payment.deepLink ? (
        <Button
          type="primary"
          size="large"
          block
          icon={<MobileOutlined />}
          href={payment.deepLink}
          data-testid="tm-open"
        >
          {t('payments.tm.open')}
        </Button>
      ) : null}
      <div className="ov-tm__waiting" aria-live="polite">
        <Spin size="small" aria-hidden /> <span>{t('payments.tm.waiting')}</span>
      </div>
      {props.onCancel ? (
        <Button type="link" onClick={props.onCancel} className="ov-tm__cancel">
          {t('payments.tm.cancel')}
        </Button>
      ) : null}
    </Card>
  );
}
