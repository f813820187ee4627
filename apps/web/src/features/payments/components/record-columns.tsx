import { DownloadOutlined } from '@ant-design/icons';
import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/list-page/types';
import { Button, Tag } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { paymentOutcomeText, STATUS_COLORS } from './result-text';
import '../../../components/text/text.css';

/** A payment made without an account ("sin cuenta"). */
function GuestTag() {
  const { t } = useTranslation();
  return (
    <Tag className="ov-records__guest" data-testid="record-guest">
      {t('payments.record.guest')}
    </Tag>
  );
}

/** The payment record columns: the full table, or two compact columns on phones. */
export function useRecordColumns(onReceipt: (row: PaymentDto) => Promise<void>): ListColumn<PaymentDto>[] {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();

  const columns: ListColumn<PaymentDto>[] = [
    {
      key: 'createdAt',
      title: t('payments.record.date'),
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      render: (value) => (
        <span className="ov-records__date">{formatDateTime(String(value), i18n.language)}</span>
      ),
    },
    {
      key: 'cc',
      title: t('payments.record.cc'),
      dataIndex: 'cc',
      sortField: 'cc',
      // Paid without an account (issue 30): said beside the code, in the holder's and staff's records.
      render: (_value, row) => (
        <span className="ov-records__cc">
          {row.cc}
          {row.guest ? <GuestTag /> : null}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('payments.record.type'),
      dataIndex: 'type',
      render: (value) => t(`payments.types.${value}`),
    },
    {
      key: 'method',
      title: t('payments.record.method'),
      dataIndex: 'paymentMethods',
      render: (value) => t(`payments.methods.${value}`),
    },
    {
      key: 'amount',
      title: t('payments.record.amount'),
      dataIndex: 'amountCents',
      sortField: 'amountCents',
      align: 'right',
      render: (value) => <span className="ov-pay__money">{formatMoney(Number(value))}</span>,
    },
    {
      key: 'bonus',
      title: t('payments.record.bonus'),
      dataIndex: 'bonusCents',
      align: 'right',
      defaultHidden: true,
      render: (value) => formatMoney(Number(value)),
    },
    {
      key: 'status',
      title: t('payments.record.status'),
      dataIndex: 'status',
      sortField: 'status',
      render: (value) => (
        <Tag color={STATUS_COLORS[value as PaymentDto['status']]} data-status={String(value)}>
          {t(`payments.status.${value}`)}
        </Tag>
      ),
    },
    {
      key: 'result',
      title: t('payments.record.result'),
      dataIndex: 'resultCode',
      render: (_value, row) => {
        const text = paymentOutcomeText(row, i18n.language);
        return text ? <span className="ov-text-secondary ov-records__result">{text}</span> : '—';
      },
    },
    {
      key: 'operation',
      title: t('payments.record.operation'),
      dataIndex: 'externalId',
      defaultHidden: true,
      render: (value) => <code className="ov-text-code">{String(value)}</code>,
    },
    {
      key: 'receipt',
      title: t('payments.record.receipt'),
      align: 'center',
      render: (_value, row) =>
        row.status === 'PAYED' || row.status === 'PENDING_REFUNDED' ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void onReceipt(row)}
            aria-label={t('payments.record.receipt')}
            data-testid="record-receipt"
          />
        ) : null,
    },
  ];

  // Phones: two compact columns (what and when | how much and its state) instead of a wide table.
  const mobileColumns: ListColumn<PaymentDto>[] = [
    {
      key: 'payment',
      title: t('payments.record.payment'),
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      render: (_value, row) => (
        <span className="ov-records__cell">
          <strong>
            {row.cc}
            {row.guest ? <GuestTag /> : null}
          </strong>
          <small>
            {t(`payments.types.${row.type}`)} · {t(`payments.methods.${row.paymentMethods}`)}
          </small>
          <small>{formatDateTime(row.createdAt, i18n.language)}</small>
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('payments.record.amount'),
      dataIndex: 'amountCents',
      align: 'right',
      render: (_value, row) => (
        <span className="ov-records__cell ov-records__cell--end">
          <span className="ov-pay__money">{formatMoney(row.amountCents)}</span>
          <Tag color={STATUS_COLORS[row.status]} data-status={row.status}>
            {t(`payments.status.${row.status}`)}
          </Tag>
        </span>
      ),
    },
  ];

  return isMobile ? mobileColumns : columns;
}
