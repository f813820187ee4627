import type { ContractRequestStatus, ProcedureType } from '@ov/domain/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusKey } from './status-words';

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

export function StatusTag({
  status,
  procedure,
}: {
  status: ContractRequestStatus;
  procedure?: ProcedureType;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(statusKey(status, procedure))}
    </Tag>
  );
}
