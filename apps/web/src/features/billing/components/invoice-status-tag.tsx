import { INVOICE_DISPLAY_COLORS } from '@ov/domain/billing/display-status';
import { useTranslation } from 'react-i18next';
import { Tag } from '../../../components/ui';
import type { InvoiceDisplayStatus } from '../types';

/** The spec's display states as coloured tags (Procesando blue, Pendiente orange, Conveniada purple…). */
export function InvoiceStatusTag({ status }: { status: InvoiceDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={INVOICE_DISPLAY_COLORS[status]} data-status={status} className="ov-billing__tag">
      {t(`billing.status.${status}`)}
    </Tag>
  );
}
