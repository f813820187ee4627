import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { PENDING: 'gold', ACCEPTED: 'green', REJECTED: 'red' };

export function RequestStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status}>
      {t(`access-requests.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
