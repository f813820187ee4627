import type { ContractSector } from '@ov/domain';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  commercialOffices,
  contractRequestAttachments,
  contractRequestCounts,
  contractRequestEvents,
  contractRequests,
  municipalities,
  users,
} from '../../db/schema';
import {
  naturalOrder,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';
import { claimQueries } from './contract-requests.claim.repository';
import { contractQueries } from './contract-requests.contract.repository';

/** A stored request, one step of its history, one attached file. */
export type Row = typeof contractRequests.$inferSelect;
export type RequestChanges = Partial<typeof contractRequests.$inferInsert>;
export type EventRow = typeof contractRequestEvents.$inferSelect;
export type AttachmentRow = typeof contractRequestAttachments.$inferSelect;

/**
 * Whose requests a search reads: a customer's own (`owner`), or staff's queue: the sectors they see
 * (`null`: all three) in their municipality (`scope`, `null`: all).
 */
export type RequestQueue =
  | { space: string; owner: string }
  | { space: string; owner?: undefined; sectors: ContractSector[] | null; scope: number | null };

const t = contractRequests;

export const contractRequestSearchSpec: SearchSpec = {
  searchColumns: [t.fullName, t.entity, t.clientCode, t.requestId],
  filterFields: {
    sector: t.sector,
    status: t.status,
    municipality: t.municipality,
    procedureType: t.procedureType,
    createdAt: t.createdAt,
  },
  sortFields: { createdAt: t.createdAt, updatedAt: t.updatedAt, status: t.status, fullName: t.fullName },
  // The oldest first: who has waited longest is served first.
  ...naturalOrder([t.createdAt, 'asc'], [t.id, 'asc']),
};

const kept = contractRequestCounts;
/** The same filters over the counts the database keeps per (space, sector, status, municipality). */
const keptCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: { sector: kept.sector, status: kept.status, municipality: kept.municipality },
  sortFields: {},
  defaultSort: [],
};

/**
 * The staff queue's conditions over `contract_request_counts`, when its counts answer the search
 * exactly: no text, no typed request ID, filters only on sector, status and municipality (each
 * bucket holds requests with exactly those values, so any filter on them selects the same requests).
 * Undefined otherwise (count the requests themselves).
 */
function keptCountWhere(queue: RequestQueue, q: SearchQuery, requestId: string | null): SQL | undefined {
  if (queue.owner !== undefined || requestId || q.search?.trim()) return undefined;
  if (!q.filters.every((f) => Object.hasOwn(keptCountSpec.filterFields, f.field))) return undefined;
  const conds: SQL[] = [eq(kept.space, queue.space)];
  if (queue.sectors) conds.push(inArray(kept.sector, queue.sectors));
  if (queue.scope !== null) conds.push(eq(kept.municipality, queue.scope));
  return searchWhere(keptCountSpec, q, and(...conds));
}

function queueConditions(queue: RequestQueue): SQL[] {
  const conds: SQL[] = [eq(t.space, queue.space)];
  if (queue.owner !== undefined) conds.push(eq(t.userId, queue.owner));
  else {
    if (queue.sectors) conds.push(inArray(t.sector, queue.sectors));
    if (queue.scope !== null) conds.push(eq(t.municipality, queue.scope));
  }
  return conds;
}

/**
 * All the SQL of contract requests: the requests and their history, attachments, claims
 * (contract-requests.claim.repository.ts) and the contract's ledger side
 * (contract-requests.contract.repository.ts).
 */
export function createContractRequestsRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** The request with this (normalized) ID; `lock` holds its row until the transaction ends. */
    async byRequestId(requestId: string, lock = false, ex: Executor = db): Promise<Row | undefined> {
      const q = ex.select().from(t).where(eq(t.requestId, requestId));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async municipalityExists(pk: number) {
      const [m] = await db
        .select({ pk: municipalities.pk })
        .from(municipalities)
        .where(eq(municipalities.pk, pk));
      return Boolean(m);
    },

    async insertRequest(tx: Executor, values: typeof t.$inferInsert): Promise<Row> {
      const [row] = await tx.insert(t).values(values).returning();
      return row;
    },

    /** One step of a request's history (a status, an answer, an attachment, the staff fields). */
    async insertEvent(tx: Executor, values: typeof contractRequestEvents.$inferInsert) {
      await tx.insert(contractRequestEvents).values(values);
    },

    /** The statuses a request went through, oldest first. */
    statusHistory(id: string) {
      return db
        .select({ status: contractRequestEvents.status, at: contractRequestEvents.at })
        .from(contractRequestEvents)
        .where(and(eq(contractRequestEvents.requestId, id), eq(contractRequestEvents.kind, 'STATUS')))
        .orderBy(asc(contractRequestEvents.at), asc(contractRequestEvents.id));
    },

    /** A page of the queue; a typed request ID finds that request at once, whatever the text search says. */
    async search(queue: RequestQueue, q: SearchQuery, requestId: string | null) {
      const conds = queueConditions(queue);
      const where = requestId
        ? and(...conds, eq(t.requestId, requestId))
        : searchWhere(contractRequestSearchSpec, q, and(...conds));
      const { limit, offset } = pageWindow(q);
      const keptWhere = keptCountWhere(queue, q, requestId);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...searchOrder(contractRequestSearchSpec, q))
          .limit(limit)
          .offset(offset),
        keptWhere
          ? db
              .select({ total: sql<number>`coalesce(sum(${kept.count}), 0)::int` })
              .from(kept)
              .where(keptWhere)
          : db.select({ total: count() }).from(t).where(where),
      ]);
      return { total, rows };
    },

    /** How many requests of each status the queue holds under the search's filters. */
    async countsByStatus(queue: RequestQueue, q: SearchQuery) {
      const where = searchWhere(contractRequestSearchSpec, q, and(...queueConditions(queue)));
      const keptWhere = keptCountWhere(queue, q, null);
      const rows = keptWhere
        ? await db
            .select({ status: kept.status, count: sql<number>`sum(${kept.count})::int` })
            .from(kept)
            .where(keptWhere)
            .groupBy(kept.status)
            .having(sql`sum(${kept.count}) > 0`)
        : await db.select({ status: t.status, count: count() }).from(t).where(where).groupBy(t.status);
      return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
    },

    /** The open request (not signed, not annulled) for a code and procedure. */
    async openRequestFor(cc: string, procedureType: string) {
      const [open] = await db
        .select({ requestId: t.requestId })
        .from(t)
        .where(
          and(
            eq(t.clientCode, cc),
            eq(t.procedureType, procedureType),
            sql`${t.status} not in ('SIGNED', 'ANNULLED')`,
          ),
        );
      return open?.requestId ?? null;
    },

    /** Whether the user has linked the client code to their account. */
    async ownsCode(userId: string, cc: string) {
      const [link] = await db
        .execute<{ ok: number }>(
          sql`select 1 as ok from client_code_links where user_id = ${userId} and cc = ${cc}`,
        )
        .then((r) => r.rows);
      return Boolean(link);
    },

    /** A request's history and attachments, oldest first. */
    async detailsOf(id: string, ex: Executor = db) {
      const [events, attachments] = await Promise.all([
        ex
          .select()
          .from(contractRequestEvents)
          .where(eq(contractRequestEvents.requestId, id))
          .orderBy(asc(contractRequestEvents.at), asc(contractRequestEvents.id)),
        ex
          .select()
          .from(contractRequestAttachments)
          .where(eq(contractRequestAttachments.requestId, id))
          .orderBy(asc(contractRequestAttachments.createdAt)),
      ]);
      return { events, attachments };
    },

    /**
     * Moves a request in one guarded statement (WHERE status = the one read, and the version when
     * given): undefined when another change came first.
     */
    async advance(
      tx: Executor,
      before: Row,
      set: RequestChanges & { status: string },
      version?: number,
    ): Promise<Row | undefined> {
      const conds = [eq(t.id, before.id), eq(t.status, before.status)];
      if (version !== undefined) conds.push(eq(t.version, version));
      const [after] = await tx
        .update(t)
        .set({ ...set, version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(and(...conds))
        .returning();
      return after;
    },

    /** The staff fields, over whatever version is stored (the caller checked it under the lock). */
    async updateFields(tx: Executor, id: string, set: RequestChanges): Promise<Row> {
      const [after] = await tx
        .update(t)
        .set({ ...set, version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning();
      return after;
    },

    /** Whether `office` is one of the space's commercial offices serving the municipality. */
    async officeServes(tx: Executor, space: string, office: string, municipality: number) {
      const [known] = await tx
        .select({ id: commercialOffices.id })
        .from(commercialOffices)
        .where(
          and(
            eq(commercialOffices.space, space),
            eq(commercialOffices.name, office),
            sql`${municipality} = any(${commercialOffices.serves})`,
          ),
        )
        .limit(1);
      return Boolean(known);
    },

    /** Requests held for debt (on one code, or all), 500 at most. */
    heldForDebt(cc: string | null) {
      return db
        .select()
        .from(t)
        .where(and(eq(t.status, 'DEBT_PENDING'), cc ? eq(t.clientCode, cc) : undefined))
        .limit(500);
    },

    /** The account's e-mail when it is verified and the account not deleted. */
    async verifiedEmailOf(userId: string, ex: Executor = db) {
      const [u] = await ex
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.verified, true), isNull(users.deletedAt)));
      return u?.email ?? null;
    },

    /** Holds the request's row until the transaction ends, and counts its attachments. */
    async lockAndCountAttachments(tx: Executor, id: string) {
      await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).for('update');
      const [{ n }] = await tx
        .select({ n: count() })
        .from(contractRequestAttachments)
        .where(eq(contractRequestAttachments.requestId, id));
      return Number(n);
    },

    async insertAttachment(
      tx: Executor,
      values: typeof contractRequestAttachments.$inferInsert,
    ): Promise<AttachmentRow> {
      const [a] = await tx.insert(contractRequestAttachments).values(values).returning();
      return a;
    },

    async findAttachment(requestId: string, attachmentId: string): Promise<AttachmentRow | undefined> {
      const [a] = await db
        .select()
        .from(contractRequestAttachments)
        .where(
          and(
            eq(contractRequestAttachments.id, attachmentId),
            eq(contractRequestAttachments.requestId, requestId),
          ),
        );
      return a;
    },

    ...claimQueries(),
    ...contractQueries(),
  };
}
export type ContractRequestsRepository = ReturnType<typeof createContractRequestsRepository>;
