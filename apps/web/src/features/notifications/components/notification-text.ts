import type { TFunction } from 'i18next';
import type { AppNotification } from '../api/notifications-calls';

/** Title (by type) and text (payload.body name and status, spec §3) of one notification. */
export function notificationText(row: AppNotification, t: TFunction): { title: string; text: string } {
  const title = t(`notifications.types.${row.type}`, { defaultValue: row.type });
  const body = row.payload?.body ?? {};
  const status = body.status ? t(`notifications.statuses.${body.status}`, { defaultValue: body.status }) : '';
  const name = body.name ?? '';
  const key =
    row.payload?.kind === 'ACCESS_REQUEST' ? 'notifications.accessRequest' : 'notifications.generic';
  const text = name && status ? t(key, { name, status }) : name || status;
  return { title, text };
}
