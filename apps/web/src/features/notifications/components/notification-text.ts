import { describeNotification } from '@ov/domain/notifications';
import type { TFunction } from 'i18next';
import type { AppNotification } from '../api/notifications-calls';

/**
 * Title, sentence and link of one notification in the reader's language: worded from its stored
 * event and parameters (domain `describeNotification`, the same words as its e-mail); a row older
 * than events falls back to the spec's `payload.body` with its status in words.
 */
export function notificationText(
  row: AppNotification,
  t: TFunction,
  language: string,
): { title: string; text: string; link: string | null } {
  const message = describeNotification(row.event, row.params, language === 'en' ? 'en' : 'es');
  if (message) return message;
  const title = t(`notifications.types.${row.type}`, { defaultValue: t('notifications.types.other') });
  const body = row.payload?.body ?? {};
  const status = body.status ? t(`notifications.statuses.${body.status}`, { defaultValue: body.status }) : '';
  const name = body.name ?? '';
  const text = name && status ? t('notifications.generic', { name, status }) : name || status;
  return { title, text, link: null };
}
