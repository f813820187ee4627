import '../i18n';
import '../payments.css';
import { DownloadOutlined } from '@ant-design/icons';
import { formatMoney } from '@ov/domain/money';
import type { GuestPayment } from '@ov/domain/payments/guest';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd/antd-provider';
import { Card } from '../../../components/card/card';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { Result } from '../../../components/result/result';
import { Alert, Button, Skeleton, Spin } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import { downloadGuestReceipt, useGuestPayment } from '../api/guest';
import { GuestQueries } from '../components/guest-queries';
import { PaymentError } from '../components/payment-error';
import { resultText } from '../components/result-text';
import { TransfermovilPanel } from '../components/transfermovil-panel';
import './guest-pay.css';

function resultStatus(p: GuestPayment): 'success' | 'error' | 'warning' | 'info' {
  if (p.status === 'PAYED') return 'success';
  if (p.status === 'CANCELED') return 'warning';
  if (p.status === 'FAILED') return 'error';
  return 'info';
}

/**
 * `/pagar/resultado?paymentId=…&token=…`: a guest's payment, opened by its token (the gateway's
 * return, the page that created it, the receipt e-mail). Followed live while pending (Transfermóvil's
 * QR meanwhile), then the result with the receipt to download.
 */
export default function GuestResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId') ?? '';
  const token = params.get('token') ?? '';
  const hint = Number(params.get('result'));
  return (
    <PublicLayout>
      <AntdProvider>
        <GuestQueries>
          <div className="ov-pay ov-guest" data-testid="guest-result-page">
            <div className="ov-page-header">
              <h1>{t('payments.guest.title')}</h1>
            </div>
            <Card className="ov-pay__card">
              {paymentId && token ? (
                <GuestOutcome
                  paymentId={paymentId}
                  token={token}
                  hintCode={Number.isInteger(hint) && hint > 0 ? hint : undefined}
                />
              ) : (
                <Alert type="warning" showIcon title={t('payments.guest.badLink')} />
              )}
            </Card>
          </div>
        </GuestQueries>
      </AntdProvider>
    </PublicLayout>
  );
}

function GuestOutcome({
  paymentId,
  token,
  hintCode,
}: {
  paymentId: string;
  token: string;
  hintCode?: number;
}) {
  const { t, i18n } = useTranslation();
  const query = useGuestPayment(paymentId, token);
  const payment = query.data;
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const tmPanel = payment?.status === 'PENDING' && payment.method === 'TRANSFERMOVIL';
  const focusTarget = useRef<HTMLHeadingElement & HTMLSpanElement>(null);
  const stage = payment ? `${payment.status}:${tmPanel}` : '';
  // What appears (the order, then the result) takes focus unless the person moved on elsewhere.
  useEffect(() => {
    if (!stage) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !document.body.contains(active);
    const ours = active instanceof HTMLElement && active.closest('[data-payment-view]');
    if (lost || ours) focusTarget.current?.focus();
  }, [stage]);

  if (query.isError && !payment) return <PaymentError error={query.error} />;
  if (!payment) return <Skeleton active paragraph={{ rows: 4 }} />;

  if (payment.status === 'PENDING') {
    if (payment.method === 'TRANSFERMOVIL' && payment.transactionCode)
      return (
        <TransfermovilPanel
          headingRef={focusTarget}
          payment={{ ...payment, id: payment.paymentId, expiresAt: payment.expiresAt }}
          onExpired={() => void query.refetch()}
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
        extra={
          payment.redirectUrl ? (
            <Button type="primary" href={payment.redirectUrl}>
              {t('payments.record.resume')}
            </Button>
          ) : undefined
        }
      />
    );
  }

  const code = payment.resultCode ?? hintCode ?? (payment.status === 'PAYED' ? 2 : 4);
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
          setDownloadError(null);
          try {
            await downloadGuestReceipt(payment.paymentId, token, i18n.language);
          } catch (error) {
            setDownloadError(error);
          } finally {
            setDownloading(false);
          }
        }}
      >
        {t('payments.result.receipt')}
      </Button>,
    );
  actions.push(
    <Link key="again" to={PATHS.guestPay} className="ov-pay__records-link" data-testid="guest-again">
      {t('payments.guest.again')}
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
      subTitle={canceled ? t('payments.result.canceledText') : undefined}
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
          { key: 'amount', label: t('payments.result.amount'), children: formatMoney(payment.amountCents) },
          {
            key: 'method',
            label: t('payments.result.method'),
            children: t(`payments.methods.${payment.method}`),
          },
          {
            key: 'date',
            label: t('payments.result.date'),
            children: formatDateTime(payment.settledAt ?? payment.createdAt, i18n.language),
          },
        ]}
      />
      {downloadError ? <PaymentError error={downloadError} /> : null}
      {payment.status === 'PAYED' ? (
        <p className="ov-pay__muted ov-guest__note" data-testid="guest-note">
          {payment.emailed ? t('payments.guest.emailedNote') : t('payments.guest.keepNote')}
        </p>
      ) : null}
    </Result>
  );
}
