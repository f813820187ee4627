import { CONTRACT_LABELS, type ContractRequestStatus } from '@ov/domain';
import i18next, { type TFunction } from 'i18next';
import type { AppNotification } from '../api/notifications-calls';

/** Title (by type) and text (payload.body name and status, spec §3) of one notification. */
export function notificationText(row: AppNotification, t: TFunction): { title: string; text: string } {
  const title = t(`notifications.types.${row.type}`, { defaultValue: row.type });
  const body = row.payload?.body ?? {};
  if (row.payload?.kind === 'CONTRACT_REQUEST' && body.status && body.name) {
    // The words of the request's own pages (and of its e-mails): "En trámite", not a bare "Pendiente".
    const words = CONTRACT_LABELS[i18next.language === 'en' ? 'en' : 'es'].status;
    const status = words[body.status as ContractRequestStatus] ?? body.status;
    return { title, text: t('notifications.contractRequest', { name: body.name, status }) };
  }
  const status = body.status ? t(`notifications.statuses.${body.status}`, { defaultValue: body.status }) : '';
  const name = body.name ?? '';
  const key =
    row.payload?.kind === 'ACCESS_REQUEST' ? 'notifications.accessRequest' : 'notifications.generic';
  const text = name && status ? t(key, { name, status }) : name || status;
  return { title, text };
}
