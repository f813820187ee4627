import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  ACTIVE: 'green',
  UNVERIFIED: 'orange',
  LOCK: 'red',
  DELETED: 'default',
};

/** ACTIVE green, UNVERIFIED orange, LOCK red (shown as blocked). */
export function UserStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status}>
      {t(`users.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
