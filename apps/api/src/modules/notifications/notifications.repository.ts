import type { NotificationEvent, NotificationType } from '@ov/domain';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';

/** The channel every API process LISTENs on; NOTIFY is transactional, so only committed rows are pushed. */
export const NOTIFY_CHANNEL = 'ov_notifications';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a live stream is told: a new notification (`id`) or only that the unread count changed. */
export interface SignalMessage {
  kind: 'notification' | 'count';
  owner: string;
  id?: string;
}

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

const notificationSearchSpec: SearchSpec = {
  searchColumns: [sql`${notifications.payload}::text` as never],
  filterFields: { read: notifications.read, type: notifications.type, createdAt: notifications.createdAt },
  sortFields: { createdAt: notifications.createdAt },
  defaultSort: [sql`${notifications.createdAt} desc`, sql`${notifications.id} asc`],
};

/** Tells the owner's open streams (every process, once committed) what changed. */
export async function signal(ex: Executor, message: SignalMessage) {
  await ex.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(message)})`);
}

const pendingSignals = new WeakMap<Executor, { messages: string[]; sent: Promise<void> }>();

/**
 * `signal` for many writers at once (payment settlements under load): the messages of one turn of
 * the event loop go out in ONE statement. Call after the commit; never rejects (the rows are in the
 * drawer anyway, only the live push would be lost).
 */
export function signalSoon(ex: Executor, message: SignalMessage): Promise<void> {
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

/** Writes a notification in the caller's transaction and signals it to the owner's streams. */
export async function insertNotification(ex: Executor, n: NewNotification): Promise<NotificationRow> {
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
  return row;
}

/** Each user's notifications, and the few facts about users a staff e-mail needs. */
export function createNotificationsRepository(db: Db) {
  const mine = (space: string, owner: string) =>
    and(eq(notifications.space, space), eq(notifications.owner, owner));

  return {
    /** One transaction: pass `tx` to the methods below and to other modules' writers. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** One page of an owner's notifications and the total. */
    async search(space: string, owner: string, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(notificationSearchSpec, q, mine(space, owner));
      const { limit, offset } = pageWindow(q);
      const rows = await ex
        .select()
        .from(notifications)
        .where(where)
        .orderBy(...searchOrder(notificationSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await ex.select({ total: count() }).from(notifications).where(where);
      return { rows, total };
    },

    async byId(owner: string, id: string, ex: Executor = db): Promise<NotificationRow | undefined> {
      const [row] = await ex
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.owner, owner)));
      return row;
    },

    async unreadCount(owner: string, ex: Executor = db) {
      const [{ n }] = await ex
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.owner, owner), eq(notifications.read, false)));
      return Number(n);
    },

    /** Marks one of the owner's notifications read; undefined when there is no such one. */
    async markRead(space: string, owner: string, id: string, ex: Executor = db) {
      const [row] = await ex
        .update(notifications)
        .set({ read: true })
        .where(and(mine(space, owner), eq(notifications.id, id)))
        .returning();
      return row as NotificationRow | undefined;
    },

    /** Marks every unread notification of the owner read; how many were. */
    async markAllRead(space: string, owner: string, ex: Executor = db) {
      const rows = await ex
        .update(notifications)
        .set({ read: true })
        .where(and(mine(space, owner), eq(notifications.read, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    signal: (message: SignalMessage, ex: Executor = db) => signal(ex, message),

    /** A user's e-mail address. */
    async emailOf(userId: string, ex: Executor = db): Promise<string | undefined> {
      const [me] = await ex.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return me?.email;
    },

    /** The live users of the space among `ids` (uuids), with their address and language. */
    recipients(space: string, ids: string[], ex: Executor = db) {
      return ex
        .select({ id: users.id, email: users.email, language: users.language })
        .from(users)
        .where(and(eq(users.space, space), isNull(users.deletedAt), inArray(users.id, ids)));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
