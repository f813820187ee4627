import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ov/domain/constants';
import { INVOICE_DISPLAY_STATUSES } from '@ov/domain/enums';
import { DATE_PRESETS, type DatePreset, datePresetRange } from '@ov/domain/filters';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { PAGE_SIZES } from '../../../components/data-table/pager';
import { DateRange } from '../../../components/date-range/date-range';
import { MultiChoice } from '../../../components/multi-choice/multi-choice';
import { NativeSelect } from '../../../components/native-select/native-select';
import { Button, Tooltip } from '../../../components/ui';
import { formatDate, formatMoney } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { receiptPath } from '../api/download-document';
import { useInvoices } from '../api/find-invoices';
import type { InvoiceDisplayStatus, InvoiceDto, InvoiceFilters } from '../types';
import { InvoiceStatusTag } from './invoice-status-tag';
import type { useDownload } from './use-download';

type PresetKey = DatePreset | 'last6Months' | 'last12Months';
const PRESETS: readonly PresetKey[] = ['last6Months', 'last12Months', ...DATE_PRESETS];
const ISO = 'YYYY-MM-DD';

function presetRange(preset: PresetKey): [Dayjs, Dayjs] {
  if (preset === 'last6Months') return [dayjs().subtract(6, 'month').startOf('day'), dayjs().endOf('day')];
  if (preset === 'last12Months') return [dayjs().subtract(12, 'month').startOf('day'), dayjs().endOf('day')];
  const range = datePresetRange(preset);
  return [dayjs(range.from), dayjs(range.to)];
}

interface InvoicesTableProps {
  cc: string;
  onOpen: (invoiceId: string) => void;
  downloads: ReturnType<typeof useDownload>;
}

/** The code's debts and invoices: date-range presets and status filters, paged on the server. */
export function InvoicesTable({ cc, onOpen, downloads }: InvoicesTableProps) {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [preset, setPreset] = useState<PresetKey>();
  const [status, setStatus] = useState<InvoiceDisplayStatus[]>([]);

  const filters: InvoiceFilters = {};
  if (range) {
    filters.from = range[0].format(ISO);
    filters.to = range[1].format(ISO);
  }
  if (status.length > 0) filters.status = status;
  const query = useInvoices({ cc, page, size, filters });

  const chooseRange = (next: [Dayjs, Dayjs] | null) => {
    setRange(next);
    setPage(1);
  };

  const numberLink = (row: InvoiceDto) => (
    <Button type="link" className="ov-invoices__number" onClick={() => onOpen(row.id)}>
      {row.number}
    </Button>
  );

  const actions: DataColumn<InvoiceDto> = {
    key: 'actions',
    title: isMobile ? (
      <span className="ov-visually-hidden">{t('billing.invoices.actions')}</span>
    ) : (
      t('billing.invoices.actions')
    ),
    align: 'center',
    width: isMobile ? 44 : 100,
    render: (row) => (
      <span className="ov-invoices__actions">
        <Tooltip title={t('billing.invoices.details')}>
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={t('billing.invoices.details')}
            onClick={() => onOpen(row.id)}
            data-testid="invoice-open"
          />
        </Tooltip>
        {row.paidCents > 0 && !isMobile ? (
          <Tooltip title={t('billing.invoices.receipt')}>
            <Button
              type="text"
              icon={<DownloadOutlined />}
              aria-label={t('billing.invoices.receipt')}
              loading={downloads.pending === receiptPath(row.id)}
              onClick={() => downloads.download(receiptPath(row.id), `comprobante-${row.number}.pdf`)}
              data-testid="invoice-row-receipt"
            />
          </Tooltip>
        ) : null}
      </span>
    ),
  };

  const columns: DataColumn<InvoiceDto>[] = [
    { key: 'number', title: t('billing.invoices.number'), rowHeader: true, render: numberLink },
    {
      key: 'issuedOn',
      title: t('billing.invoices.issuedOn'),
      render: (row) => formatDate(row.issuedOn, lang),
    },
    {
      key: 'period',
      title: t('billing.invoices.period'),
      from: 'lg',
      render: (row) => `${formatDate(row.periodFrom, lang)} – ${formatDate(row.periodTo, lang)}`,
    },
    {
      key: 'consumption',
      title: t('billing.invoices.consumption'),
      align: 'end',
      from: 'xl',
      render: (row) => (row.consumptionM3 === null ? '—' : `${row.consumptionM3} m³`),
    },
    {
      key: 'invoiced',
      title: t('billing.invoices.invoiced'),
      align: 'end',
      from: 'lg',
      render: (row) => formatMoney(row.invoicedCents),
    },
    {
      key: 'paid',
      title: t('billing.invoices.paid'),
      align: 'end',
      from: 'lg',
      render: (row) => formatMoney(row.paidCents),
    },
    {
      key: 'toPay',
      title: t('billing.invoices.toPay'),
      align: 'end',
      render: (row) => <strong>{formatMoney(row.toPayCents)}</strong>,
    },
    {
      key: 'status',
      title: t('billing.invoices.status'),
      render: (row) => <InvoiceStatusTag status={row.displayStatus} />,
    },
    actions,
  ];

  // Phones: number and date in one cell, amount due and state in another, then the details button.
  const mobileColumns: DataColumn<InvoiceDto>[] = [
    {
      key: 'number',
      title: t('billing.invoices.number'),
      rowHeader: true,
      render: (row) => (
        <div className="ov-invoices__stack">
          {numberLink(row)}
          <small>{formatDate(row.issuedOn, lang)}</small>
        </div>
      ),
    },
    {
      key: 'toPay',
      title: t('billing.invoices.toPay'),
      align: 'end',
      render: (row) => (
        <div className="ov-invoices__stack ov-invoices__stack--end">
          <strong>{formatMoney(row.toPayCents)}</strong>
          <InvoiceStatusTag status={row.displayStatus} />
        </div>
      ),
    },
    actions,
  ];

  return (
    <div className="ov-invoices" data-testid="invoices">
      <div className="ov-invoices__filters">
        <NativeSelect<PresetKey>
          allowClear
          className="ov-invoices__filter"
          placeholder={t('billing.invoices.presetPlaceholder')}
          value={preset}
          onChange={(next) => {
            setPreset(next);
            chooseRange(next ? presetRange(next) : null);
          }}
          options={PRESETS.map((key) => ({ value: key, label: t(`billing.invoices.presets.${key}`) }))}
          data-testid="invoices-preset"
        />
        {isMobile ? null : (
          <DateRange
            className="ov-invoices__range"
            label={t('billing.invoices.range')}
            value={range}
            onChange={(next) => {
              setPreset(undefined);
              chooseRange(next);
            }}
            data-testid="invoices-range"
          />
        )}
        <MultiChoice<InvoiceDisplayStatus>
          label={t('billing.invoices.statusFilter')}
          className="ov-invoices__filter ov-invoices__filter--status"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          options={INVOICE_DISPLAY_STATUSES.map((value) => ({
            value,
            label: t(`billing.status.${value}`),
          }))}
          data-testid="invoices-status"
        />
      </div>
      <DataTable<InvoiceDto>
        caption={t('billing.invoices.title')}
        rowKey={(row) => row.id}
        size={isMobile ? 'small' : 'middle'}
        columns={isMobile ? mobileColumns : columns}
        rows={query.data?.items ?? []}
        loading={query.isFetching}
        rowClassName={(row) => (row.toPayCents > 0 ? 'ov-invoices__row--due' : undefined)}
        empty={t('billing.invoices.empty')}
        pagination={{
          page,
          pageSize: size,
          total: query.data?.total ?? 0,
          pageSizes: isMobile ? undefined : PAGE_SIZES,
          totalText: isMobile ? undefined : t('billing.invoices.total', { count: query.data?.total ?? 0 }),
          onChange: (nextPage, nextSize) => {
            setSize(nextSize);
            setPage(nextPage);
          },
        }}
      />
    </div>
  );
}
