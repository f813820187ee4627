import { DownloadOutlined } from '@ant-design/icons';
import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { Result } from '../../../components/result/result';
import { Button, Skeleton, Spin } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { downloadReceipt, PAYMENTS_KEY, usePayment } from '../api/payments';
import { PendingPaymentActions } from './cancel-payment';
import { PaymentError } from './payment-error';
import { resultText } from './result-text';
import { TransfermovilPanel } from './transfermovil-panel';

function resultStatus(p: PaymentDto): 'success' | 'error' | 'warning' | 'info' {
  if (p.status === 'PAYED') return 'success';
  if (p.status === 'CANCELED') return 'warning';
  if (p.status === 'FAILED') return 'error';
  return 'info';
}

/**
 * One payment followed live: polls while PENDING (Transfermóvil shows its QR panel meanwhile), then
 * the result with the spec's text of its code (2 success with the receipt; 4, 6, 11… with theirs).
 */
export function PaymentStatusView(props: {
  paymentId: string;
  /** Result code the EnZona return carried, shown while the payment loads. */
  hintCode?: number;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = usePayment(props.paymentId);
  const payment = query.data;
  const [downloading, setDownloading] = useState(false);
  const settled = payment && payment.status !== 'PENDING';
  const tmPanel = payment?.status === 'PENDING' && payment.paymentMethods === 'TRANSFERMOVIL';
  // What replaces the pay form (the Transfermóvil order, then the result) takes focus as it appears,
  // unless the person has already moved on elsewhere: focus never falls to the page's body.
  const focusTarget = useRef<HTMLHeadingElement & HTMLSpanElement>(null);
  const stage = payment ? `${payment.status}:${tmPanel}` : '';
  useEffect(() => {
    if (!stage) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !document.body.contains(active);
    const ours = active instanceof HTMLElement && active.closest('[data-payment-view]');
    if (lost || ours) focusTarget.current?.focus();
  }, [stage]);

  useEffect(() => {
    if (settled) {
      void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'open-invoices'] });
      void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'quote'] });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    }
  }, [settled, queryClient]);

  if (query.isError && !payment) return <PaymentError error={query.error} />;
  if (!payment) return <Skeleton active paragraph={{ rows: 4 }} />;

  if (payment.status === 'PENDING') {
    if (payment.paymentMethods === 'TRANSFERMOVIL' && payment.transactionCode)
      return (
        <TransfermovilPanel
          headingRef={focusTarget}
          payment={payment}
          onExpired={() => void query.refetch()}
          onCancel={props.onAgain}
        />
      );
    return (
      <Result
        icon={<Spin size="large" />}
        title={
          <span ref={focusTarget} tabIndex={-1}>
            {t('payments.result.pending')}
          </span>
        }
        data-testid="payment-pending"
        data-payment-view=""
        extra={<PendingPaymentActions payment={payment} />}
      />
    );
  }

  const code = payment.resultCode ?? props.hintCode ?? (payment.status === 'PAYED' ? 2 : 4);
  // A payer who pressed "Cancelar" at the gateway did nothing wrong: no error text, no error code.
  const canceled = payment.status === 'CANCELED';
  const title = canceled
    ? t('payments.result.canceled')
    : resultText(code, i18n.language) || payment.message || t(`payments.status.${payment.status}`);
  const actions: ReactNode[] = [];
  if (payment.status === 'PAYED')
    actions.push(
      <Button
        key="receipt"
        type="primary"
        icon={<DownloadOutlined />}
        loading={downloading}
        data-testid="receipt-download"
        onClick={async () => {
          setDownloading(true);
          try {
            await downloadReceipt(payment.id, i18n.language);
          } catch (error) {
            notify.error(error);
          } finally {
            setDownloading(false);
          }
        }}
      >
        {t('payments.result.receipt')}
      </Button>,
    );
  actions.push(
    <Button key="again" onClick={props.onAgain} data-testid="pay-again">
      {t('payments.result.again')}
    </Button>,
    <Link key="records" to={PATHS.paymentRecord} className="ov-pay__records-link">
      {t('payments.result.records')}
    </Link>,
  );

  return (
    <Result
      className="ov-pay__result"
      status={resultStatus(payment)}
      title={
        <span data-testid="payment-result-text" ref={focusTarget} tabIndex={-1}>
          {title}
        </span>
      }
      // The person reads the catalogue's message (the title), never the gateway's raw result code.
      subTitle={
        canceled
          ? t(
              payment.type === 'ADELANTO'
                ? 'payments.result.canceledAdvance'
                : 'payments.result.canceledText',
            )
          : undefined
      }
      data-testid="payment-result"
      data-payment-view=""
      data-code={code}
      data-status={payment.status}
      extra={actions}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        className="ov-pay__summary"
        items={[
          { key: 'cc', label: t('payments.pay.code'), children: payment.cc },
          {
            key: 'amount',
            label: t('payments.result.amount'),
            children: formatMoney(payment.amountCents),
          },
          ...(payment.bonusCents > 0
            ? [
                {
                  key: 'bonus',
                  label: t('payments.record.bonus'),
                  children: formatMoney(payment.bonusCents),
                },
              ]
            : []),
          {
            key: 'method',
            label: t('payments.result.method'),
            children: t(`payments.methods.${payment.paymentMethods}`),
          },
          { key: 'op', label: t('payments.result.operation'), children: payment.externalId },
          {
            key: 'date',
            label: t('payments.result.date'),
            children: formatDateTime(payment.settledAt ?? payment.updatedAt, i18n.language),
          },
        ]}
      />
    </Result>
  );
}
