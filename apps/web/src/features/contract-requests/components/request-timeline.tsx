import { CONTRACT_TIMELINE } from '@ov/domain/contract-requests';
import type { ContractRequestStatus } from '@ov/domain/enums';
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/**
 * The steps a request goes through, in the status machine's order: NEW, PENDING, then "held for
 * debt" when it was (it comes back to PENDING once paid, before review), REVIEW, SIGNATURE_READY,
 * SIGNED. An annulled request shows the steps it reached and ends with "Anulada". Each reached step
 * carries the date it was (last) reached; the current one is marked (red when held or annulled).
 */
export function timelineSteps(status: ContractRequestStatus, history: { status: ContractRequestStatus }[]) {
  const reached = new Set(history.map((h) => h.status));
  reached.add(status);
  const path: ContractRequestStatus[] = CONTRACT_TIMELINE.flatMap((s) =>
    s === 'PENDING' && reached.has('DEBT_PENDING') ? ['PENDING', 'DEBT_PENDING'] : [s],
  );
  return status === 'ANNULLED' ? [...path.filter((s) => reached.has(s)), 'ANNULLED' as const] : path;
}

export function RequestTimeline({
  status,
  history,
  language,
}: {
  status: ContractRequestStatus;
  history: { status: ContractRequestStatus; at: string }[];
  language: string;
}) {
  const { t } = useTranslation();
  const at = new Map<ContractRequestStatus, string>();
  for (const h of history) at.set(h.status, h.at);
  const steps = timelineSteps(status, history);
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={steps.indexOf(status)}
      status={
        status === 'ANNULLED' || status === 'DEBT_PENDING'
          ? 'error'
          : status === 'SIGNED'
            ? 'finish'
            : undefined
      }
      data-testid="request-timeline"
      items={steps.map((s) => ({
        key: s,
        title: t(`contractRequests.labels.status.${s}`),
        content: at.has(s) ? formatDateTime(at.get(s), language) : undefined,
      }))}
    />
  );
}
