import '../i18n';
import '../payments.css';
import {
  CloseCircleOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { hasPermission, PERMISSIONS, type Permission } from '@ov/domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog/confirm-dialog';
import '../../../components/date-range/date-range.css';
import '../../../components/date-range/i18n';
import { DateField } from '../../../components/date-range/date-field';
import { ListPage } from '../../../components/list-page/list-page';
import { Button } from '../../../components/ui';
import { useCurrentUser } from '../../../lib/current-user';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import {
  confirmRefund,
  downloadReceipt,
  downloadReconciliation,
  exportCsv,
  getPayment,
  RECORDS_KEY,
  recordsQuery,
  useCommercialKind,
} from '../api/payments';
import { canCancel, useCancelPayment } from '../components/cancel-payment';
import { useRecordColumns } from '../components/record-columns';
import { RecordDetail } from '../components/record-detail';
import { RecordFilterBar } from '../components/record-filter-bar';
import { RefundDialog } from '../components/refund-dialog';
import { useRecordFilters } from '../components/use-record-filters';

/** `/payments/payment-record`: own payments for customers, all of them for staff (with CSV and refunds). */
export default function PaymentRecordPage() {
  const { t, i18n } = useTranslation();
  const { access } = useCurrentUser();
  const queryClient = useQueryClient();
  const can = (p: Permission) => hasPermission(access.permissions, p);
  const staff = can(PERMISSIONS.TRANSFERMOVIL_READ) || can(PERMISSIONS.INVOICE_READ);
  const refunds = can(PERMISSIONS.TRANSFERMOVIL_WRITE);
  // Customers see only their own payments, and may cancel a checkout they left waiting.
  const payer = access.isCustomer;
  const cancelPayment = useCancelPayment();
  // Postings (their filter, the reconciliation) only when payments are posted to a commercial system.
  const postings = useCommercialKind(staff) === 'http';

  const filterState = useRecordFilters();
  const { filters } = filterState;
  const [exporting, setExporting] = useState(false);
  // The daily reconciliation (portal payments ↔ postings in the commercial system): yesterday by default.
  const [day, setDay] = useState(() => dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
  const [reconciling, setReconciling] = useState(false);
  const [refunding, setRefunding] = useState<PaymentDto | null>(null);

  const receipt = async (row: PaymentDto) => {
    try {
      await downloadReceipt(row.id, i18n.language);
    } catch (error) {
      notify.error(error);
    }
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: RECORDS_KEY });

  const columns = useRecordColumns(receipt);

  return (
    <>
      <ListPage<PaymentDto>
        tableId="payment-records"
        title={t('payments.record.title')}
        basePath={PATHS.paymentRecord}
        queryKeyPrefix={RECORDS_KEY}
        query={recordsQuery}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters}
        searchPlaceholder={t('payments.record.searchPlaceholder')}
        headerActions={
          staff ? (
            <div className="ov-records__actions">
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
              {postings ? (
                <span className="ov-records__reconciliation">
                  <span
                    className="ov-date-range ov-records__reconciliation-day"
                    data-testid="reconciliation-day"
                  >
                    <DateField
                      label={t('payments.posting.reconciliationDate')}
                      value={day}
                      max={dayjs().format('YYYY-MM-DD')}
                      onChange={setDay}
                    />
                  </span>
                  <Button
                    icon={<DownloadOutlined />}
                    loading={reconciling}
                    disabled={!day}
                    data-testid="reconciliation-download"
                    onClick={async () => {
                      setReconciling(true);
                      try {
                        await downloadReconciliation(day, i18n.language);
                      } catch (error) {
                        notify.error(error);
                      } finally {
                        setReconciling(false);
                      }
                    }}
                  >
                    {t('payments.posting.reconciliation')}
                  </Button>
                </span>
              ) : null}
            </div>
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
          if (payer && canCancel(row))
            items.push({
              key: 'cancel',
              icon: <CloseCircleOutlined />,
              label: t('payments.cancel.action'),
              danger: true,
              onClick: () => void cancelPayment(row),
            });
          if (refunds && row.status === 'PAYED')
            items.push({
              key: 'refund',
              icon: <RollbackOutlined />,
              label: t('payments.record.refund'),
              danger: true,
              onClick: () => setRefunding(row),
            });
          if (refunds && row.status === 'PENDING_REFUNDED')
            items.push({
              key: 'confirmRefund',
              icon: <RollbackOutlined />,
              label: t('payments.record.confirmRefund'),
              onClick: () =>
                confirm({
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
          renderView: (row) => <RecordDetail row={row} payer={payer} settles={refunds} />,
        }}
        filtersSlot={<RecordFilterBar state={filterState} staff={staff} postings={postings} />}
      />
      {refunds ? (
        <RefundDialog payment={refunding} onClose={() => setRefunding(null)} onRefunded={refresh} />
      ) : null}
    </>
  );
}
