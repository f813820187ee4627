import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import type { SearchQuery } from '../../lib/search';
import { enqueueMail, renderMail } from '../mail';
import {
  insertNotification,
  type NewNotification,
  type NotificationRow,
  type NotificationsRepository,
} from './notifications.repository';

export type { NewNotification } from './notifications.repository';

/**
 * For every module that tells a user something (contract requests, payments, access requests):
 * call it inside the transaction of the change. The row is pushed live to the owner once committed.
 */
export async function createNotification(ex: Executor, n: NewNotification): Promise<NotificationDto> {
  return toNotificationDto(await insertNotification(ex, n));
}

export function toNotificationDto(r: NotificationRow) {
  return {
    _id: r.id,
    id: r.id,
    type: r.type,
    owner: r.owner,
    payload: r.payload,
    event: r.event,
    params: r.params,
    read: r.read,
    createdAt: r.createdAt.toISOString(),
  };
}
export type NotificationDto = ReturnType<typeof toNotificationDto>;

export function createNotificationsService({ notifications }: { notifications: NotificationsRepository }) {
  return {
    async search(p: Principal, q: SearchQuery) {
      const { rows, total } = await notifications.search(p.space, p.userId, q);
      return { rows: rows.map(toNotificationDto), total };
    },

    async byId(owner: string, id: string) {
      const row = await notifications.byId(owner, id);
      return row ? toNotificationDto(row) : undefined;
    },

    unreadCount: (owner: string) => notifications.unreadCount(owner),

    async markRead(p: Principal, id: string) {
      return notifications.transaction(async (tx) => {
        const row = await notifications.markRead(p.space, p.userId, id, tx);
        if (!row) throw new AppError('NOTFOUND', 415);
        await notifications.signal({ kind: 'count', owner: p.userId }, tx);
        return toNotificationDto(row);
      });
    },

    async markAllRead(p: Principal) {
      return notifications.transaction(async (tx) => {
        const updated = await notifications.markAllRead(p.space, p.userId, tx);
        await notifications.signal({ kind: 'count', owner: p.userId }, tx);
        return { updated };
      });
    },

    /** Staff e-mail to chosen users (`_id`) and typed addresses (`email`); never to oneself (464). */
    async email(
      p: Principal,
      m: { to: ({ _id: string } | { email: string })[]; subject: string; body: string },
    ) {
      const ids = [...new Set(m.to.flatMap((r) => ('_id' in r ? [r._id] : [])))];
      if (ids.includes(p.userId)) throw new AppError('BADREQUESTERROR', 464);
      const myEmail = await notifications.emailOf(p.userId);
      const recipients = new Map<string, string>();
      if (ids.length) {
        const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
        const found = valid.length ? await notifications.recipients(p.space, valid) : [];
        if (found.length !== ids.length) throw new AppError('NOTFOUND', 415);
        for (const u of found) recipients.set(u.email.toLowerCase(), u.language);
      }
      for (const r of m.to)
        if ('email' in r && !recipients.has(r.email.toLowerCase()))
          recipients.set(r.email.toLowerCase(), 'es');
      if (myEmail && recipients.has(myEmail.toLowerCase())) throw new AppError('BADREQUESTERROR', 464);
      await notifications.transaction(async (tx) => {
        for (const [to, language] of recipients) {
          const lang = language === 'en' ? 'en' : 'es';
          await enqueueMail(tx, {
            to,
            ...renderMail('message', lang, { subject: m.subject, body: m.body }),
            kind: 'staff-message',
          });
        }
      });
      return { queued: recipients.size };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
