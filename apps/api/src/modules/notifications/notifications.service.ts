import { AppError, type NotificationEvent, type NotificationType } from '@ov/domain';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db, Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';
import { enqueueMail, renderMail } from '../mail';

/** The channel every API process LISTENs on; NOTIFY is transactional, so only committed rows are pushed. */
export const NOTIFY_CHANNEL = 'ov_notifications';

type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  space: string;
  owner: string;
  type: NotificationType;
  /** `body: {status, name}` is what the drawer shows (spec §3); anything else rides along. */
  payload: { body: { status: string; name: string } } & Record<string, unknown>;
  /** What it is about and its parameters: the reader's language words them (domain `describeNotification`). */
  event: NotificationEvent;
  params: Record<string, unknown>;
}

/**
 * For every module that tells a user something (contract requests, payments, access requests):
 * call it inside the transaction of the change. The row is pushed live to the owner once committed.
 */
export async function createNotification(ex: Executor, n: NewNotification): Promise<NotificationDto> {
  const [row] = await ex
    .insert(notifications)
    .values({
      space: n.space,
      owner: n.owner,
      type: n.type,
      payload: n.payload,
      event: n.event,
      params: n.params,
    })
    .returning();
  await signal(ex, { kind: 'notification', id: row.id, owner: row.owner });
  return toNotificationDto(row);
}

/** Tells the owner's open streams to refresh the unread count (after read / read-all). */
export async function signal(
  ex: Executor,
  message: { kind: 'notification' | 'count'; owner: string; id?: string },
) {
  await ex.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(message)})`);
}

const pendingSignals = new WeakMap<Executor, { messages: string[]; sent: Promise<void> }>();

/**
 * `signal` for many writers at once (payment settlements under load): the messages of one turn of
 * the event loop go out in ONE statement. Call after the commit; never rejects (the rows are in the
 * drawer anyway, only the live push would be lost).
 */
export function signalSoon(
  ex: Executor,
  message: { kind: 'notification' | 'count'; owner: string; id?: string },
): Promise<void> {
  let batch = pendingSignals.get(ex);
  if (!batch) {
    const messages: string[] = [];
    const sent = new Promise<void>((done) => {
      setImmediate(() => {
        pendingSignals.delete(ex);
        ex.execute(
          sql`select pg_notify(${NOTIFY_CHANNEL}, m) from json_array_elements_text(${JSON.stringify(messages)}::json) as m`,
        ).then(
          () => done(),
          () => done(),
        );
      });
    });
    batch = { messages, sent };
    pendingSignals.set(ex, batch);
  }
  batch.messages.push(JSON.stringify(message));
  return batch.sent;
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

const notificationSearchSpec: SearchSpec = {
  searchColumns: [sql`${notifications.payload}::text` as never],
  filterFields: { read: notifications.read, type: notifications.type, createdAt: notifications.createdAt },
  sortFields: { createdAt: notifications.createdAt },
  defaultSort: [sql`${notifications.createdAt} desc`, sql`${notifications.id} asc`],
};

export function createNotificationsService({ db }: { db: Db }) {
  const mine = (p: Principal) => and(eq(notifications.space, p.space), eq(notifications.owner, p.userId));

  return {
    async search(p: Principal, q: SearchQuery) {
      const where = searchWhere(notificationSearchSpec, q, mine(p));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(...searchOrder(notificationSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(notifications).where(where);
      return { rows: rows.map(toNotificationDto), total };
    },

    async byId(owner: string, id: string) {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.owner, owner)));
      return row ? toNotificationDto(row) : undefined;
    },

    async unreadCount(owner: string) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.owner, owner), eq(notifications.read, false)));
      return Number(n);
    },

    async markRead(p: Principal, id: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(mine(p), eq(notifications.id, id)))
          .returning();
        if (!row) throw new AppError('NOTFOUND', 415);
        await signal(tx, { kind: 'count', owner: p.userId });
        return toNotificationDto(row);
      });
    },

    async markAllRead(p: Principal) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(mine(p), eq(notifications.read, false)))
          .returning({ id: notifications.id });
        await signal(tx, { kind: 'count', owner: p.userId });
        return { updated: rows.length };
      });
    },

    /** Staff e-mail to chosen users (`_id`) and typed addresses (`email`); never to oneself (464). */
    async email(
      p: Principal,
      m: { to: ({ _id: string } | { email: string })[]; subject: string; body: string },
    ) {
      const ids = [...new Set(m.to.flatMap((r) => ('_id' in r ? [r._id] : [])))];
      if (ids.includes(p.userId)) throw new AppError('BADREQUESTERROR', 464);
      const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, p.userId));
      const recipients = new Map<string, string>();
      if (ids.length) {
        const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
        const found = valid.length
          ? await db
              .select({ id: users.id, email: users.email, language: users.language })
              .from(users)
              .where(and(eq(users.space, p.space), isNull(users.deletedAt), inArray(users.id, valid)))
          : [];
        if (found.length !== ids.length) throw new AppError('NOTFOUND', 415);
        for (const u of found) recipients.set(u.email.toLowerCase(), u.language);
      }
      for (const r of m.to)
        if ('email' in r && !recipients.has(r.email.toLowerCase()))
          recipients.set(r.email.toLowerCase(), 'es');
      if (me && recipients.has(me.email.toLowerCase())) throw new AppError('BADREQUESTERROR', 464);
      await db.transaction(async (tx) => {
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
