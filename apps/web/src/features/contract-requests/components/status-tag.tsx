import type { ContractRequestStatus } from '@ov/domain/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours with text: the status is always readable without them. */
const COLORS: Record<ContractRequestStatus, string> = {
  NEW: 'blue',
  PENDING: 'gold',
  DEBT_PENDING: 'red',
  REVIEW: 'purple',
  SIGNATURE_READY: 'cyan',
  SIGNED: 'green',
  ANNULLED: 'default',
};

export function StatusTag({ status }: { status: ContractRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(`contractRequests.labels.status.${status}`)}
    </Tag>
  );
}
