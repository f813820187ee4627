import '../i18n';
import '../payments.css';
import type { InvoiceDto } from '@ov/domain/billing/contracts';
import type { PaymentMethod } from '@ov/domain/enums';
import { formatMoney } from '@ov/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/card/card';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { Alert, Button, Empty, Skeleton, Tag } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { PATHS } from '../../../lib/urls';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  myCodesQuery,
  openInvoicesQuery,
  PAYMENTS_KEY,
  payInvoices,
  useMyCodes,
  useOpenInvoices,
} from '../api/payments';
import { CodeSelect } from '../components/code-select';
import { GatewayChoice, useEnabledMethods } from '../components/gateway-choice';
import { InactiveCodeAlert } from '../components/inactive-code-alert';
import { PaymentError } from '../components/payment-error';
import { PaymentOutcome } from '../components/payment-outcome';
import { PendingPayments } from '../components/pending-payments';

const PAYABLE = new Set(['Pendiente', 'Pago Parcial']);
const STATUS_COLORS: Record<string, string> = {
  Pendiente: 'orange',
  'Pago Parcial': 'gold',
  Procesando: 'blue',
  Conveniada: 'purple',
  Pagada: 'green',
};

/** The form's first reads (the entry asked for them early: `payPageCalls`); none for a payment's outcome. */
export const prefetch: PagePrefetch = (client, _params, search) => {
  if (search.get('paymentId')) return undefined;
  const cc = search.get('cc');
  return Promise.all([
    client.prefetchQuery(myCodesQuery()),
    cc ? client.prefetchQuery(openInvoicesQuery(cc)) : undefined,
  ]);
};

/** `/payments/payments`: choose a code, its open invoices (or the whole debt), a gateway, and pay. */
export default function PayPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('paymentId');

  const again = () =>
    setParams((current) => {
      const next = new URLSearchParams();
      const cc = current.get('cc');
      if (cc) next.set('cc', cc);
      return next;
    });

  return (
    <div className="ov-pay" data-testid="pay-page">
      <div className="ov-page-header">
        <h1>{t('payments.pay.title')}</h1>
      </div>
      {paymentId ? (
        <PaymentOutcome paymentId={paymentId} onAgain={again} />
      ) : (
        <PayForm language={i18n.language} />
      )}
    </div>
  );
}

function PayForm({ language }: { language: string }) {
  const { t } = useTranslation();
  const invoicesId = useId();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const codes = useMyCodes();
  const methods = useEnabledMethods();
  const cc = params.get('cc') ?? codes.data?.[0]?.cc;
  const invoices = useOpenInvoices(cc);
  const [selected, setSelected] = useState<string[]>([]);
  const [whole, setWhole] = useState(false);
  const [method, setMethod] = useState<PaymentMethod | undefined>(methods[0]);

  const rows = invoices.data ?? [];
  const payable = useMemo(() => rows.filter((row) => PAYABLE.has(row.displayStatus)), [rows]);
  // A new code starts with all its payable invoices chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per code and per fresh list
  useEffect(() => {
    setSelected(payable.map((row) => row.id));
    setWhole(false);
  }, [cc, invoices.dataUpdatedAt]);

  const chosen = whole ? payable : payable.filter((row) => selected.includes(row.id));
  const total = chosen.reduce((sum, row) => sum + row.toPayCents, 0);
  const code = codes.data?.find((c) => c.cc === cc);
  const inactive = Boolean(code && !code.active);
  // Agreed (Conveniada) invoices are paid under their agreement at the office, never here: "Toda la
  // deuda" is what can be paid, and the agreed ones are named beside it.
  const agreed = rows.filter((row) => row.displayStatus === 'Conveniada');
  const agreedCents = agreed.reduce((sum, row) => sum + row.toPayCents, 0);
  const onlyPayable = whole && rows.some((row) => !PAYABLE.has(row.displayStatus));

  const pay = useMutation({
    // A refusal is shown once, beside the button (PaymentError), not also as a toast.
    meta: { silent: true },
    mutationFn: () =>
      payInvoices({
        cc: cc ?? '',
        method: method ?? 'ENZONA',
        amountCents: total,
        ...(whole && !onlyPayable ? {} : { invoiceIds: chosen.map((row) => row.id) }),
      }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'open-invoices'] });
      if (created.method === 'ENZONA' && created.redirectUrl) {
        window.location.assign(created.redirectUrl);
        return;
      }
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('paymentId', created.paymentId);
        return next;
      });
    },
  });
  const redirecting = pay.isSuccess && pay.data.method === 'ENZONA' && Boolean(pay.data.redirectUrl);

  if (codes.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if ((codes.data ?? []).length === 0)
    return (
      <Card>
        <Empty description={t('payments.pay.noCodes')}>
          <Link to={PATHS.clientCodes}>{t('payments.pay.addCode')}</Link>
        </Empty>
      </Card>
    );

  const statusTag = (value: string) => (
    <Tag color={STATUS_COLORS[value] ?? 'default'} data-status={value}>
      {t(`payments.invoiceStatus.${value}`, { defaultValue: value })}
    </Tag>
  );

  const period = (row: InvoiceDto) =>
    `${formatDate(row.periodFrom, language)} – ${formatDate(row.periodTo, language)}`;
  const chosenIds = new Set(chosen.map((row) => row.id));
  const allChosen = payable.length > 0 && chosen.length === payable.length;

  const columns: DataColumn<InvoiceDto>[] = [
    {
      key: 'choose',
      width: 48,
      // Native checkboxes in the table's look (data-table.css `ov-table__check`): Ant Design's checkbox
      // would be a chunk of its own on this page only.
      title: (
        <input
          type="checkbox"
          className="ov-table__check"
          checked={allChosen}
          ref={(input) => {
            if (input) input.indeterminate = chosen.length > 0 && !allChosen;
          }}
          disabled={whole || payable.length === 0}
          onChange={(e) => setSelected(e.target.checked ? payable.map((row) => row.id) : [])}
          aria-label={t('payments.pay.selectAll')}
        />
      ),
      render: (row) => (
        <input
          type="checkbox"
          className="ov-table__check"
          checked={chosenIds.has(row.id)}
          disabled={whole || !PAYABLE.has(row.displayStatus)}
          title={row.displayStatus === 'Procesando' ? t('payments.pay.processing') : undefined}
          onChange={(e) =>
            setSelected((current) =>
              e.target.checked ? [...current, row.id] : current.filter((id) => id !== row.id),
            )
          }
          aria-label={t('payments.pay.selectInvoice', { number: row.number })}
        />
      ),
    },
    {
      key: 'number',
      title: t('payments.pay.number'),
      rowHeader: true,
      render: (row) => (
        <span className="ov-pay__invoice">
          <strong>{row.number}</strong>
          {isMobile ? (
            // Phones: period and status stack under the number, so the table fits 320 px unscrolled.
            <>
              <span className="ov-pay__muted">{period(row)}</span>
              <span>{statusTag(row.displayStatus)}</span>
            </>
          ) : null}
        </span>
      ),
    },
    ...(isMobile
      ? []
      : [
          { key: 'period', title: t('payments.pay.period'), render: period },
          {
            key: 'status',
            title: t('payments.pay.state'),
            render: (row: InvoiceDto) => statusTag(row.displayStatus),
          },
        ]),
    {
      key: 'toPay',
      title: t('payments.pay.toPay'),
      align: 'end',
      render: (row) => <span className="ov-pay__money">{formatMoney(row.toPayCents)}</span>,
    },
  ];

  return (
    <div className="ov-pay__layout">
      <Card className="ov-pay__card ov-pay__main">
        <p className="ov-pay__subtitle">{t('payments.pay.subtitle')}</p>
        <label className="ov-pay__label" htmlFor="pay-code">
          {t('payments.pay.code')}
        </label>
        <CodeSelect
          codes={codes.data ?? []}
          value={cc}
          onChange={(value) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('cc', value);
              return next;
            })
          }
        />
        {inactive ? <InactiveCodeAlert cc={cc} /> : <PendingPayments cc={cc} />}
        <div className="ov-pay__section-head" hidden={inactive}>
          <h2 id={invoicesId}>{t('payments.pay.invoices')}</h2>
          {payable.length > 0 ? (
            <label className="ov-pay__whole" data-testid="whole-debt">
              <input
                type="checkbox"
                className="ov-table__check"
                checked={whole}
                onChange={(e) => setWhole(e.target.checked)}
              />
              {t('payments.pay.wholeDebt')}
            </label>
          ) : null}
        </div>
        {agreed.length > 0 && !inactive ? (
          <Alert
            type="info"
            showIcon
            className="ov-pay__gap"
            title={t('payments.pay.agreedLeftOut', {
              count: agreed.length,
              amount: formatMoney(agreedCents),
            })}
            data-testid="pay-agreed"
          />
        ) : null}
        {inactive ? null : invoices.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : rows.length === 0 ? (
          <Empty description={t('payments.pay.noOpenInvoices')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
            <Link to={`${PATHS.prepaid}?cc=${encodeURIComponent(cc ?? '')}`}>
              {t('payments.pay.goPrepaid')}
            </Link>
          </Empty>
        ) : (
          <DataTable<InvoiceDto>
            labelledBy={invoicesId}
            rowKey={(row) => row.id}
            rows={rows}
            columns={columns}
            rowClassName={(row) => (chosenIds.has(row.id) ? 'ov-table__row--selected' : undefined)}
            className="ov-pay__invoices"
            data-testid="pay-invoices"
          />
        )}
      </Card>
      <Card className="ov-pay__card ov-pay__side" hidden={inactive}>
        <h2>{t('payments.pay.method')}</h2>
        <GatewayChoice value={method} onChange={setMethod} />
        <div className="ov-pay__total">
          <span>
            {t('payments.pay.total')}
            <small>{t('payments.pay.selected', { count: chosen.length })}</small>
          </span>
          <strong data-testid="pay-total">{formatMoney(total)}</strong>
        </div>
        {pay.isError ? (
          <PaymentError error={pay.error} municipality={codes.data?.find((c) => c.cc === cc)?.municipality} />
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          disabled={!cc || !method || total <= 0 || inactive}
          loading={pay.isPending || redirecting}
          onClick={() => pay.mutate()}
          data-testid="pay-submit"
        >
          {redirecting ? t('payments.redirecting') : t('payments.pay.submit', { amount: formatMoney(total) })}
        </Button>
      </Card>
    </div>
  );
}
