import '../i18n';
import '../payments.css';
import { DownloadOutlined, FileExcelOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  DATE_PRESETS,
  datePresetRange,
  type Filter,
  formatMoney,
  hasPermission,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type PaymentDto,
  PERMISSIONS,
  type Permission,
  toDateRangeFilter,
  toNumberFilter,
} from '@ov/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Input, Modal, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  confirmRefund,
  downloadReceipt,
  exportCsv,
  getPayment,
  RECORDS_KEY,
  recordsQuery,
  refundPayment,
} from '../api/payments';
import { AmountFilter, type AmountFilterValue } from '../components/amount-filter';
import { resultText, STATUS_COLORS } from '../components/result-text';

type Range = [Dayjs | null, Dayjs | null] | null;
const pesosToCents = (value: number | null | undefined) =>
  value === null || value === undefined ? undefined : Math.round(value * 100);

/** `/payments/payment-record`: own payments for customers, all of them for staff (with CSV and refunds). */
export default function PaymentRecordPage() {
  const { t, i18n } = useTranslation();
  const { access } = useCurrentUser();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = (p: Permission) => hasPermission(access.permissions, p);
  const staff = can(PERMISSIONS.TRANSFERMOVIL_READ) || can(PERMISSIONS.INVOICE_READ);
  const refunds = can(PERMISSIONS.TRANSFERMOVIL_WRITE);
  const isMobile = useIsMobile();

  const [status, setStatus] = useState<string[]>([]);
  const [method, setMethod] = useState<string>();
  const [type, setType] = useState<string>();
  const [range, setRange] = useState<Range>(null);
  const [cc, setCc] = useState('');
  const [amount, setAmount] = useState<AmountFilterValue>({ op: 'EQUAL' });
  const [exporting, setExporting] = useState(false);
  const [refunding, setRefunding] = useState<PaymentDto | null>(null);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);

  const filters = useMemo(() => {
    const chosen: Filter[] = [];
    if (status.length) chosen.push({ type: 'TERMS', field: 'status', value: status } as Filter);
    if (method) chosen.push({ type: 'TERM', field: 'paymentMethods', value: method });
    if (type) chosen.push({ type: 'TERM', field: 'type', value: type });
    if (cc.trim()) chosen.push({ type: 'TERM', field: 'cc', value: cc.trim() });
    if (range?.[0] && range[1])
      chosen.push(
        toDateRangeFilter('createdAt', range[0].startOf('day').toDate(), range[1].endOf('day').toDate()),
      );
    const single = pesosToCents(amount.value);
    if (amount.op === 'RANGE') {
      const from = pesosToCents(amount.from);
      const to = pesosToCents(amount.to);
      if (from !== undefined || to !== undefined)
        chosen.push(toNumberFilter('amountCents', 'RANGE', undefined, { from, to }));
    } else if (single !== undefined) {
      chosen.push(toNumberFilter('amountCents', amount.op, single));
    }
    return chosen;
  }, [status, method, type, cc, range, amount]);

  const presets = DATE_PRESETS.map((preset) => {
    const { from, to } = datePresetRange(preset);
    return {
      label: t(`payments.record.datePresets.${preset}`),
      value: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs],
    };
  });

  const receipt = async (row: PaymentDto) => {
    try {
      await downloadReceipt(row.id, i18n.language);
    } catch (error) {
      notify.error(error);
    }
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: RECORDS_KEY });

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
    { key: 'cc', title: t('payments.record.cc'), dataIndex: 'cc', sortField: 'cc' },
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
      render: (value) =>
        value ? (
          <Typography.Text type="secondary" className="ov-records__result">
            {resultText(Number(value), i18n.language)}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'operation',
      title: t('payments.record.operation'),
      dataIndex: 'externalId',
      defaultHidden: true,
      render: (value) => <Typography.Text code>{String(value)}</Typography.Text>,
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
            onClick={() => void receipt(row)}
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
          <strong>{row.cc}</strong>
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

  return (
    <>
      <ListPage<PaymentDto>
        tableId="payment-records"
        title={t('payments.record.title')}
        basePath={PATHS.paymentRecord}
        queryKeyPrefix={RECORDS_KEY}
        query={recordsQuery}
        columns={isMobile ? mobileColumns : columns}
        rowKey={(row) => row.id}
        filters={filters}
        searchPlaceholder={t('payments.record.searchPlaceholder')}
        headerActions={
          staff ? (
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting}
              data-testid="records-export"
              onClick={async () => {
                setExporting(true);
                try {
                  await exportCsv(filters, '', i18n.language);
                } catch (error) {
                  notify.error(error);
                } finally {
                  setExporting(false);
                }
              }}
            >
              {t('payments.record.export')}
            </Button>
          ) : undefined
        }
        rowActions={(row) => {
          const items = [];
          if (row.status === 'PAYED' || row.status === 'PENDING_REFUNDED')
            items.push({
              key: 'receipt',
              icon: <DownloadOutlined />,
              label: t('payments.record.receipt'),
              onClick: () => void receipt(row),
            });
          if (refunds && row.status === 'PAYED')
            items.push({
              key: 'refund',
              icon: <RollbackOutlined />,
              label: t('payments.record.refund'),
              danger: true,
              onClick: () => {
                setReason('');
                setRefunding(row);
              },
            });
          if (refunds && row.status === 'PENDING_REFUNDED')
            items.push({
              key: 'confirmRefund',
              icon: <RollbackOutlined />,
              label: t('payments.record.confirmRefund'),
              onClick: () =>
                modal.confirm({
                  title: t('payments.record.confirmRefund'),
                  content: t('payments.record.confirmRefundText'),
                  onOk: async () => {
                    try {
                      await confirmRefund(row.id);
                      notify.success(t('payments.record.refunded'));
                      await refresh();
                    } catch (error) {
                      notify.error(error);
                    }
                  },
                }),
            });
          return items;
        }}
        detail={{
          title: (_mode, record) => (record ? `${record.cc} · ${formatMoney(record.amountCents)}` : ''),
          getOne: (id) => ({
            queryKey: [...RECORDS_KEY, 'one', id],
            queryFn: ({ signal }) => getPayment(id, signal),
          }),
          renderView: (row) => (
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'cc', label: t('payments.record.cc'), children: row.cc },
                { key: 'type', label: t('payments.record.type'), children: t(`payments.types.${row.type}`) },
                {
                  key: 'method',
                  label: t('payments.record.method'),
                  children: t(`payments.methods.${row.paymentMethods}`),
                },
                { key: 'amount', label: t('payments.record.amount'), children: formatMoney(row.amountCents) },
                { key: 'bonus', label: t('payments.record.bonus'), children: formatMoney(row.bonusCents) },
                {
                  key: 'status',
                  label: t('payments.record.status'),
                  children: <Tag color={STATUS_COLORS[row.status]}>{t(`payments.status.${row.status}`)}</Tag>,
                },
                {
                  key: 'result',
                  label: t('payments.record.result'),
                  children: row.resultCode ? resultText(row.resultCode, i18n.language) : '—',
                },
                { key: 'op', label: t('payments.record.operation'), children: row.externalId },
                {
                  key: 'date',
                  label: t('payments.record.date'),
                  children: formatDateTime(row.createdAt, i18n.language),
                },
              ]}
            />
          ),
        }}
        filtersSlot={
          <>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('payments.record.status')}
              value={status}
              onChange={setStatus}
              className="ov-list__filter ov-records__status"
              options={PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.status.${value}`) }))}
              data-testid="filter-status"
            />
            <Select
              allowClear
              placeholder={t('payments.record.method')}
              value={method}
              onChange={setMethod}
              className="ov-list__filter"
              options={PAYMENT_METHODS.map((value) => ({ value, label: t(`payments.methods.${value}`) }))}
              data-testid="filter-method"
            />
            <Select
              allowClear
              placeholder={t('payments.record.type')}
              value={type}
              onChange={setType}
              className="ov-list__filter"
              options={PAYMENT_TYPES.map((value) => ({ value, label: t(`payments.types.${value}`) }))}
              data-testid="filter-type"
            />
            {staff ? (
              <Input
                allowClear
                placeholder={t('payments.record.cc')}
                value={cc}
                onChange={(e) => setCc(e.target.value)}
                className="ov-list__filter ov-records__cc"
                data-testid="filter-cc"
              />
            ) : null}
            <DatePicker.RangePicker
              value={range}
              onChange={(value) => setRange(value as Range)}
              presets={presets}
              format={i18n.language === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'}
              placeholder={[t('payments.record.from'), t('payments.record.to')]}
              className="ov-records__range"
              data-testid="filter-dates"
            />
            <AmountFilter value={amount} onChange={setAmount} />
          </>
        }
      />
      <Modal
        open={Boolean(refunding)}
        title={
          refunding ? t('payments.record.refundTitle', { amount: formatMoney(refunding.amountCents) }) : ''
        }
        okText={t('payments.record.refund')}
        okButtonProps={{ danger: true, disabled: reason.trim().length < 3, loading: sending }}
        onCancel={() => setRefunding(null)}
        onOk={async () => {
          if (!refunding) return;
          setSending(true);
          try {
            await refundPayment(refunding.id, reason.trim());
            notify.success(t('payments.record.refunded'));
            setRefunding(null);
            await refresh();
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
    </>
  );
}
