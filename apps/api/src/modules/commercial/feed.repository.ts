import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { clientCodeLinks, commercialState, notifications, traces, users } from '../../db/schema';
import { insertTogether, type PendingInsert, pendingInsert } from '../../lib/batch';
import { signalSoon } from '../notifications';

export type CommercialStateRow = typeof commercialState.$inferSelect;

/** A user linked to a code the feed named, with what they chose to be told (profile). */
export interface InvoiceHolder {
  cc: string;
  userId: string;
  space: string;
  email: string;
  language: string;
  firstName: string;
  inApp: boolean;
  byEmail: boolean;
}

/** The trace that says an invoice was announced: also what keeps a redelivered event from announcing it twice. */
export const ANNOUNCED = { module: 'commercial', section: 'invoice-issued' } as const;
export const announcedKey = (cc: string, invoiceNumber: string) => `${cc}/${invoiceNumber}`;

/**
 * The SQL of the change feed reader (feed.service.ts): its row in commercial_state (`feed`), the
 * read health row (`reads`, written by the adapter), the holders of the codes named, and which new
 * invoices were announced already.
 */
export function createFeedRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async state(name: 'feed' | 'reads', ex: Executor = db): Promise<CommercialStateRow | null> {
      const [row] = await ex.select().from(commercialState).where(eq(commercialState.name, name));
      return row ?? null;
    },

    /**
     * A page read and acted on: the cursor to read after next time, the newest event's time (never
     * moved back), the read's time, and an anomaly of the page if there was one.
     */
    async savePage(
      tx: Executor,
      page: { cursor: string | null; lastEventAt: Date | null; anomaly: string | null },
    ) {
      const lastEventAt = page.lastEventAt ? page.lastEventAt.toISOString() : null;
      await tx
        .insert(commercialState)
        .values({
          name: 'feed',
          cursor: page.cursor,
          okAt: sql`now()`,
          lastEventAt: page.lastEventAt,
          lastError: page.anomaly,
          lastErrorAt: page.anomaly ? sql`now()` : null,
          updatedAt: sql`now()`,
        })
        .onConflictDoUpdate({
          target: commercialState.name,
          set: {
            cursor: page.cursor,
            okAt: sql`now()`,
            lastEventAt: sql`greatest(${commercialState.lastEventAt}, ${lastEventAt}::timestamptz)`,
            ...(page.anomaly ? { lastError: page.anomaly, lastErrorAt: sql`now()` } : {}),
            updatedAt: sql`now()`,
          },
        });
    },

    /** A pass that failed (the system down, an answer out of contract): the cursor is left as it was. */
    async saveError(message: string, ex: Executor = db) {
      await ex
        .insert(commercialState)
        .values({ name: 'feed', lastError: message, lastErrorAt: sql`now()`, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: commercialState.name,
          set: { lastError: message, lastErrorAt: sql`now()`, updatedAt: sql`now()` },
        });
    },

    /** The live users linked to these codes, with their invoice notice preferences. */
    async holders(ccs: string[], ex: Executor = db): Promise<InvoiceHolder[]> {
      if (!ccs.length) return [];
      return ex
        .select({
          cc: clientCodeLinks.cc,
          userId: users.id,
          space: users.space,
          email: users.email,
          language: users.language,
          firstName: users.firstName,
          inApp: users.notifyInvoiceApp,
          byEmail: users.notifyInvoiceEmail,
        })
        .from(clientCodeLinks)
        .innerJoin(users, eq(users.id, clientCodeLinks.userId))
        .where(and(inArray(clientCodeLinks.cc, ccs), isNull(users.deletedAt), eq(users.status, 'ACTIVE')));
    },

    /** Which of these invoices (`announcedKey`) were announced already. */
    async announced(keys: string[], ex: Executor = db): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await ex
        .select({ key: traces.entityId })
        .from(traces)
        .where(
          and(
            eq(traces.module, ANNOUNCED.module),
            inArray(traces.entityId, keys),
            eq(traces.section, ANNOUNCED.section),
          ),
        );
      return new Set(rows.map((r) => r.key as string));
    },

    /** The live push of a drawer notification, after the commit (never rejects). */
    signal: (s: { id: string; owner: string }) => signalSoon(db, { kind: 'notification', ...s }),

    /** Rows to write in the page's transaction, in one statement (notifications, mails, traces). */
    writeTogether: (tx: Executor, rows: PendingInsert[]) => insertTogether(tx, rows),
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;

/** A drawer notification as a pending row (written with the page, see lib/batch.ts). */
export function pendingInvoiceNotice(n: {
  id: string;
  space: string;
  owner: string;
  name: string;
  params: Record<string, unknown>;
}): PendingInsert {
  return pendingInsert(notifications, {
    id: n.id,
    space: n.space,
    owner: n.owner,
    type: 'TASK_UPDATE_STATE',
    payload: { body: { status: 'INVOICE_ISSUED', name: n.name }, module: 'commercial' },
    event: 'INVOICE_ISSUED',
    params: n.params,
  });
}
