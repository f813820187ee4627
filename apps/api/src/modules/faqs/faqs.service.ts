import { AppError, type FaqForm } from '@ov/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';
import { writeTrace } from '../../lib/traces';

type Row = typeof faqs.$inferSelect;

export const faqSearchSpec: SearchSpec = {
  searchColumns: [faqs.questionEs, faqs.questionEn, faqs.answerEs, faqs.answerEn],
  filterFields: { category: faqs.category, published: faqs.published, createdAt: faqs.createdAt },
  sortFields: { category: faqs.category, order: faqs.sortOrder, updatedAt: faqs.updatedAt },
  defaultSort: [asc(faqs.category), asc(faqs.sortOrder), asc(faqs.createdAt)],
};

/** The editor's view of a FAQ (design §6), with the version for the reference-conflict check. */
export function faqDto(r: Row) {
  return {
    _id: r.id,
    category: r.category,
    order: r.sortOrder,
    published: r.published,
    question: { es: r.questionEs, en: r.questionEn },
    answer: { es: r.answerEs, en: r.answerEn },
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The columns a form (or part of one) sets. */
function columnsOf(f: Partial<FaqForm>) {
  return {
    ...(f.category !== undefined ? { category: f.category } : {}),
    ...(f.order !== undefined ? { sortOrder: f.order } : {}),
    ...(f.published !== undefined ? { published: f.published } : {}),
    ...(f.question ? { questionEs: f.question.es, questionEn: f.question.en } : {}),
    ...(f.answer ? { answerEs: f.answer.es, answerEn: f.answer.en } : {}),
  };
}

/** What a trace keeps of a FAQ: its fields, flat, so the diff names what changed. */
const traced = (r: Row) => ({
  category: r.category,
  order: r.sortOrder,
  published: r.published,
  questionEs: r.questionEs,
  questionEn: r.questionEn,
  answerEs: r.answerEs,
  answerEn: r.answerEn,
});

export function createFaqsService(db: Db) {
  async function mine(tx: Pick<Db, 'select'>, p: Principal, id: string) {
    const [row] = await tx
      .select()
      .from(faqs)
      .where(and(eq(faqs.id, id), eq(faqs.space, p.space)));
    if (!row) throw new AppError('NOTFOUND', 404);
    return row;
  }

  return {
    /** The published FAQs of a space in one language, grouped by the caller (category, then order). */
    async published(space: string, lang: 'es' | 'en') {
      const rows = await db
        .select()
        .from(faqs)
        .where(and(eq(faqs.space, space), eq(faqs.published, true)))
        .orderBy(...faqSearchSpec.defaultSort);
      return rows.map((r) => ({
        _id: r.id,
        category: r.category,
        order: r.sortOrder,
        question: lang === 'en' ? r.questionEn : r.questionEs,
        answer: lang === 'en' ? r.answerEn : r.answerEs,
      }));
    },

    async search(p: Principal, q: SearchQuery) {
      const where = searchWhere(faqSearchSpec, q, eq(faqs.space, p.space));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(faqs)
        .where(where)
        .orderBy(...searchOrder(faqSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(faqs).where(where);
      return { total, rows: rows.map(faqDto) };
    },

    async get(p: Principal, id: string) {
      return faqDto(await mine(db, p, id));
    },

    async create(p: Principal, form: FaqForm) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(faqs)
          .values({ space: p.space, ...columnsOf(form) } as typeof faqs.$inferInsert)
          .returning();
        await writeTrace(tx, {
          space: p.space,
          type: 'CREATE',
          owner: p.userId,
          module: 'faqs',
          section: 'faqs',
          entityId: row.id,
          after: traced(row),
        });
        return faqDto(row);
      });
    },

    /** A change over the version read; someone else's change in between is a 409 with the current one. */
    async update(p: Principal, id: string, patch: Partial<FaqForm> & { version: number; force?: boolean }) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(faqs)
          .where(and(eq(faqs.id, id), eq(faqs.space, p.space)))
          .for('update');
        if (!before) throw new AppError('NOTFOUND', 404);
        if (before.version !== patch.version && !patch.force)
          throw new AppError('CONFLICTERROR', 409, { ref: id, current: faqDto(before) });
        const [after] = await tx
          .update(faqs)
          .set({ ...columnsOf(patch), version: sql`${faqs.version} + 1`, updatedAt: new Date() })
          .where(eq(faqs.id, id))
          .returning();
        await writeTrace(tx, {
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          module: 'faqs',
          section: 'faqs',
          entityId: id,
          before: traced(before),
          after: traced(after),
        });
        return faqDto(after);
      });
    },

    /**
     * Moves a FAQ one place up or down within its category: it swaps places with its neighbour (both
     * renumbered 1…n first, so equal orders cannot stall it), in one transaction, traced.
     */
    async move(p: Principal, id: string, direction: 'up' | 'down') {
      return db.transaction(async (tx) => {
        const target = await mine(tx, p, id);
        const siblings = await tx
          .select()
          .from(faqs)
          .where(and(eq(faqs.space, p.space), eq(faqs.category, target.category)))
          .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt))
          .for('update');
        const at = siblings.findIndex((f) => f.id === id);
        const to = direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= siblings.length) return faqDto(target);
        [siblings[at], siblings[to]] = [siblings[to], siblings[at]];
        for (const [i, f] of siblings.entries()) {
          if (f.sortOrder !== i + 1)
            await tx
              .update(faqs)
              .set({ sortOrder: i + 1, version: sql`${faqs.version} + 1`, updatedAt: new Date() })
              .where(eq(faqs.id, f.id));
        }
        await writeTrace(tx, {
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          module: 'faqs',
          section: 'faqs',
          entityId: id,
          before: { order: target.sortOrder },
          after: { order: to + 1 },
        });
        return faqDto((await mine(tx, p, id)) as Row);
      });
    },

    async remove(p: Principal, id: string) {
      await db.transaction(async (tx) => {
        const before = await mine(tx, p, id);
        await tx.delete(faqs).where(eq(faqs.id, id));
        await writeTrace(tx, {
          space: p.space,
          type: 'REMOVE',
          owner: p.userId,
          module: 'faqs',
          section: 'faqs',
          entityId: id,
          before: traced(before),
        });
      });
    },
  };
}
export type FaqsService = ReturnType<typeof createFaqsService>;
