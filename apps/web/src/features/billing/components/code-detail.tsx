import {
  ArrowLeftOutlined,
  CreditCardOutlined,
  FileProtectOutlined,
  ScheduleOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/card/card';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { OfficeInfo } from '../../../components/office-info/office-info';
import { Result } from '../../../components/result/result';
import { Alert, Button, Skeleton, Tag } from '../../../components/ui';
import { useCurrentUser } from '../../../lib/current-user';
import { errorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/format';
import { contractPath } from '../api/download-document';
import { useConsumption } from '../api/get-consumption';
import { useCodeOverview, type Viewer } from '../api/get-overview';
import { BILLING_PATHS } from '../paths';
import type { CodeOverview } from '../types';
import ConsumptionChart from './consumption-chart';
import { InvoiceDialog } from './invoice-dialog';
import { InvoicesTable } from './invoices-table';
import { LastKnownNotice } from './last-known-notice';
import { PendingLine } from './pending-line';
import { useDownload } from './use-download';

/** A code's detail: summary, billing chart, debts and invoices; staff see it read-only. */
export function CodeDetail({ cc, viewer }: { cc: string; viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { access } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const overview = useCodeOverview(cc, viewer);
  const downloads = useDownload();
  const isCustomer = viewer === 'customer';
  const payments = isCustomer && access.features.payments;
  const invoiceId = searchParams.get('invoice');
  const back = isCustomer ? BILLING_PATHS.codes : BILLING_PATHS.staffCodes;

  const openInvoice = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('invoice', id);
        else next.delete('invoice');
        return next;
      },
      { replace: !id },
    );

  if (overview.notFound || (overview.error && !overview.data)) {
    return (
      <Result
        status="warning"
        title={overview.error ? errorText(overview.error, t, i18n.language) : t('billing.detail.notFound')}
        extra={<Button onClick={() => navigate(back)}>{t('billing.detail.back')}</Button>}
      />
    );
  }

  const data = overview.data;
  return (
    <div className="ov-code-detail" data-testid="code-detail">
      <div className="ov-page-header">
        <div className="ov-code-detail__title">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('billing.detail.back')}
            onClick={() => navigate(back)}
          />
          <h1>{t('billing.detail.title', { cc })}</h1>
          {data ? (
            <Tag color={data.active ? 'green' : 'default'}>
              {t(data.active ? 'billing.codes.active' : 'billing.codes.inactive')}
            </Tag>
          ) : null}
        </div>
        <div className="ov-page-header__actions">
          <Button
            icon={<FileProtectOutlined />}
            loading={downloads.pending === contractPath(cc)}
            onClick={() => downloads.download(contractPath(cc), `contrato-${cc}.pdf`)}
            data-testid="download-contract"
          >
            {t('billing.detail.downloadContract')}
          </Button>
          {payments ? (
            <>
              <Button
                icon={<WalletOutlined />}
                disabled={!data?.active}
                onClick={() => navigate(BILLING_PATHS.prepaid(cc))}
                data-testid="code-prepaid"
              >
                {t('billing.detail.prepaid')}
              </Button>
              <Button
                icon={<ScheduleOutlined />}
                disabled={!data || data.totalDebtCents <= 0 || !data.active}
                onClick={() => navigate(BILLING_PATHS.agreement(cc))}
                data-testid="code-agreement"
              >
                {t('billing.detail.agreement')}
              </Button>
              <Button
                type="primary"
                icon={<CreditCardOutlined />}
                disabled={!data || data.totalDebtCents <= 0 || !data.active}
                onClick={() => navigate(BILLING_PATHS.pay(cc))}
                data-testid="code-pay"
              >
                {t('billing.detail.pay')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {isCustomer ? null : (
        <Alert type="info" showIcon title={t('billing.detail.readOnly')} className="ov-code-detail__notice" />
      )}
      <LastKnownNotice asOf={data?.asOf} />
      {data && !data.active ? (
        <Alert
          type="warning"
          showIcon
          title={t('billing.detail.inactive')}
          description={<OfficeInfo municipality={data.municipality} inline />}
          className="ov-code-detail__notice"
          data-testid="code-inactive"
        />
      ) : null}
      <div className="ov-code-detail__top">
        <Card className="ov-code-detail__summary" aria-busy={data ? undefined : true}>
          <Summary data={data} />
        </Card>
        <div className="ov-code-detail__money">
          <Card className={`ov-money-card ${data && data.totalDebtCents > 0 ? 'ov-money-card--owes' : ''}`}>
            <span>{t('billing.detail.debt')}</span>
            <strong data-testid="detail-debt">{data ? formatMoney(data.totalDebtCents) : '—'}</strong>
            {/* Its line is kept while the count loads: the cards below do not move when it comes. */}
            {data?.pendingInvoices ? (
              <small>{t('billing.detail.pendingInvoices', { count: data.pendingInvoices })}</small>
            ) : data?.pendingInvoices === 0 ? null : (
              <small aria-hidden="true">{'\u00a0'}</small>
            )}
          </Card>
          <Card className="ov-money-card ov-money-card--advance">
            <span>{t('billing.detail.advance')}</span>
            <strong>{data ? formatMoney(data.advanceBalanceCents) : '—'}</strong>
          </Card>
        </div>
      </div>
      <Card title={t('billing.chart.title')} className="ov-code-detail__card">
        <Chart cc={cc} />
      </Card>
      <Card title={t('billing.invoices.title')} className="ov-code-detail__card">
        <InvoicesTable cc={cc} onOpen={openInvoice} downloads={downloads} />
      </Card>
      <InvoiceDialog
        cc={cc}
        invoiceId={invoiceId}
        onClose={() => openInvoice(null)}
        downloads={downloads}
        payTo={payments ? BILLING_PATHS.pay(cc) : undefined}
      />
    </div>
  );
}

/** The code's facts; while they load (`data` absent) their labels with a line in place of each value. */
function Summary({ data }: { data: CodeOverview | undefined }) {
  const { t } = useTranslation();
  if (!data) {
    const labels = ['holder', 'clientType', 'address', 'municipality', 'policy', 'contract', 'office'];
    return (
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
        size="small"
        className="ov-code-detail__facts"
      >
        {labels.map((label) => (
          <Descriptions.Item key={label} label={t(`billing.detail.${label}`)}>
            <PendingLine />
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }
  return (
    <Descriptions
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
      size="small"
      className="ov-code-detail__facts"
      data-testid="code-summary"
    >
      <Descriptions.Item label={t('billing.detail.holder')}>
        <strong>{data.holder}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('billing.detail.clientType')}>
        {t(`clientTypes.${data.clientType}`, { defaultValue: data.clientType })}
      </Descriptions.Item>
      <Descriptions.Item label={t('billing.detail.address')}>{data.address}</Descriptions.Item>
      <Descriptions.Item label={t('billing.detail.municipality')}>{data.municipality}</Descriptions.Item>
      <Descriptions.Item label={t('billing.detail.policy')}>{data.policy ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('billing.detail.contract')}>{data.contractNumber ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('billing.detail.office')}>
        <OfficeInfo municipality={data.municipality} fallbackName={data.commercialOffice} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function Chart({ cc }: { cc: string }) {
  const { t } = useTranslation();
  const query = useConsumption(cc);
  if (query.isPending) return <Skeleton.Node active className="ov-chart__skeleton" />;
  if (!query.data || query.data.length === 0)
    return <Result status="info" subTitle={t('billing.chart.empty')} className="ov-chart__empty" />;
  // Drawn with our own SVG (3 KB): part of the page's chunk, not a request of its own after the data.
  return <ConsumptionChart points={query.data} />;
}
