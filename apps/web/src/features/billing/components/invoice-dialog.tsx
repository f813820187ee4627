import { CreditCardOutlined, DownloadOutlined } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog';
import { Alert, Button, Empty } from '../../../components/ui';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { receiptPath } from '../api/download-document';
import { useInvoice } from '../api/get-invoice';
import type { InvoiceDetail } from '../types';
import { InvoiceStatusTag } from './invoice-status-tag';
import type { useDownload } from './use-download';

interface InvoiceDialogProps {
  cc: string;
  invoiceId: string | null;
  onClose: () => void;
  downloads: ReturnType<typeof useDownload>;
  /** Where "Pagar" leads (customers only). */
  payTo?: string;
}

/** The side dialog with one invoice: amounts, state, payments applied, receipt and pay. */
export function InvoiceDialog({ cc, invoiceId, onClose, downloads, payTo }: InvoiceDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useInvoice(cc, invoiceId);
  const invoice = query.data;
  const lang = i18n.language;

  const canPay =
    payTo &&
    invoice &&
    invoice.toPayCents > 0 &&
    ['Pendiente', 'Pago Parcial'].includes(invoice.displayStatus);
  const actions = invoice ? (
    <>
      {invoice.paidCents > 0 ? (
        <Button
          icon={<DownloadOutlined />}
          loading={downloads.pending === receiptPath(invoice.id)}
          onClick={() => downloads.download(receiptPath(invoice.id), `comprobante-${invoice.number}.pdf`)}
          data-testid="invoice-receipt"
        >
          {t('billing.invoices.receipt')}
        </Button>
      ) : null}
      {canPay ? (
        <Button type="primary" icon={<CreditCardOutlined />} onClick={() => navigate(payTo)}>
          {t('billing.detail.pay')}
        </Button>
      ) : null}
    </>
  ) : null;

  return (
    <DetailDialog
      open={Boolean(invoiceId)}
      mode="view"
      title={invoice ? t('billing.invoice.title', { number: invoice.number }) : t('billing.invoices.details')}
      loading={query.isPending}
      onClose={onClose}
      extraActions={actions}
    >
      {invoice ? <InvoiceView invoice={invoice} lang={lang} /> : null}
    </DetailDialog>
  );
}

function InvoiceView({ invoice, lang }: { invoice: InvoiceDetail; lang: string }) {
  const { t } = useTranslation();
  const paymentsId = useId();
  return (
    <div className="ov-invoice" data-testid="invoice-view">
      <div className="ov-invoice__status">
        <InvoiceStatusTag status={invoice.displayStatus} />
        <span className="ov-invoice__due">
          <small>{t('billing.invoices.toPay')}</small>
          {formatMoney(invoice.toPayCents)}
        </span>
      </div>
      {invoice.displayStatus === 'Conveniada' ? (
        <Alert type="warning" showIcon title={t('billing.invoice.agreed')} className="ov-invoice__alert" />
      ) : null}
      {invoice.displayStatus === 'Procesando' ? (
        <Alert type="info" showIcon title={t('billing.invoice.processing')} className="ov-invoice__alert" />
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('billing.invoices.number')}>{invoice.number}</Descriptions.Item>
        <Descriptions.Item label={t('billing.detail.holder')}>{invoice.holder}</Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.issuedOn')}>
          {formatDate(invoice.issuedOn, lang)}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.period')}>
          {formatDate(invoice.periodFrom, lang)} – {formatDate(invoice.periodTo, lang)}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.policy')}>{invoice.policy ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.consumption')}>
          {invoice.consumptionM3 === null ? '—' : `${invoice.consumptionM3} m³`}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.invoiced')}>
          {formatMoney(invoice.invoicedCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.paid')}>
          {formatMoney(invoice.paidCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.bonus')}>
          {formatMoney(invoice.bonusCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.invoices.toPay')}>
          <strong>{formatMoney(invoice.toPayCents)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <h3 className="ov-invoice__subtitle" id={paymentsId}>
        {t('billing.invoice.payments')}
      </h3>
      {invoice.payments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.invoice.noPayments')} />
      ) : (
        <DataTable<InvoiceDetail['payments'][number]>
          size="small"
          labelledBy={paymentsId}
          rowKey={(row) => row.paymentId}
          rows={invoice.payments}
          columns={[
            {
              key: 'appliedAt',
              title: t('billing.invoice.appliedAt'),
              render: (row) => (
                <div className="ov-invoices__stack">
                  <span>{formatDateTime(row.appliedAt, lang)}</span>
                  <small>
                    {t(`billing.invoice.methods.${row.method}`, { defaultValue: row.method })} ·{' '}
                    {t(`billing.invoice.kinds.${row.kind}`)}
                  </small>
                </div>
              ),
            },
            {
              key: 'amount',
              title: t('billing.invoice.amount'),
              align: 'end',
              render: (row) => formatMoney(row.amountCents),
            },
          ]}
        />
      )}
    </div>
  );
}
