import { useQuery } from '@tanstack/react-query';
import { Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card/card';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';

/** `GET /api/health/commercial/details` (ADMIN). */
interface CommercialStatus {
  kind: 'ledger' | 'http';
  lastReadOkAt: string | null;
  feed: { readAt: string | null; lagSeconds: number | null; lastEventAt: string | null };
  lastError: { at: string; message?: string } | null;
}

/** "45 s", "3 min", "2 h 5 min": how long ago the change feed was read through. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The commercial system's figures, read-only: which one, the last good read, the change feed's lag. */
export function CommercialStatusCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const s = (key: string) => t(`settings.commercial.${key}`);
  const query = useQuery({
    queryKey: ['health', 'commercial'],
    queryFn: ({ signal }) => api.get<CommercialStatus>('/health/commercial/details', signal),
    refetchInterval: 30_000,
  });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lang) : s('never'));
  const c = query.data;
  return (
    <Card title={s('title')} className="ov-settings__card ov-settings__status">
      {!c ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Descriptions column={1} size="small" bordered data-testid="commercial-status">
          <Descriptions.Item label={s('kind')}>
            {c.kind === 'http' ? s('http') : s('ledger')}
          </Descriptions.Item>
          {c.kind === 'http' ? (
            <>
              <Descriptions.Item label={s('lastRead')}>{when(c.lastReadOkAt)}</Descriptions.Item>
              <Descriptions.Item label={s('feedLag')}>
                {c.feed.lagSeconds === null ? (
                  s('never')
                ) : (
                  <span data-testid="commercial-feed-lag">
                    {duration(c.feed.lagSeconds)}{' '}
                    <small>({t('settings.commercial.readAt', { when: when(c.feed.readAt) })})</small>
                  </span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={s('lastError')}>
                {c.lastError ? (
                  <>
                    <Tag color="error">{formatDateTime(c.lastError.at, lang)}</Tag>
                    <code className="ov-settings__error">{c.lastError.message}</code>
                  </>
                ) : (
                  s('none')
                )}
              </Descriptions.Item>
            </>
          ) : null}
        </Descriptions>
      )}
      {c?.kind === 'ledger' ? <p className="ov-settings__muted">{s('ledgerHelp')}</p> : null}
    </Card>
  );
}
