import type { FaqForm } from '@ov/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { faqs } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';

export type FaqRow = typeof faqs.$inferSelect;

const faqSearchSpec: SearchSpec = {
  searchColumns: [faqs.questionEs, faqs.questionEn, faqs.answerEs, faqs.answerEn],
  filterFields: { category: faqs.category, published: faqs.published, createdAt: faqs.createdAt },
  sortFields: { category: faqs.category, order: faqs.sortOrder, updatedAt: faqs.updatedAt },
  defaultSort: [asc(faqs.category), asc(faqs.sortOrder), asc(faqs.createdAt)],
};

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

/** The FAQs of each space: both languages in one row, ordered by category and place. */
export function createFaqsRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** The published FAQs of a space, by category, then order. */
    published(space: string, ex: Executor = db) {
      return ex
        .select()
        .from(faqs)
        .where(and(eq(faqs.space, space), eq(faqs.published, true)))
        .orderBy(...faqSearchSpec.defaultSort);
    },

    /** One page of a space's FAQs (drafts included) and the total. */
    async search(space: string, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(faqSearchSpec, q, eq(faqs.space, space));
      const { limit, offset } = pageWindow(q);
      const rows = await ex
        .select()
        .from(faqs)
        .where(where)
        .orderBy(...searchOrder(faqSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await ex.select({ total: count() }).from(faqs).where(where);
      return { rows, total };
    },

    /** A FAQ of the space (locked for the transaction with `forUpdate`). */
    async find(
      space: string,
      id: string,
      ex: Executor = db,
      { forUpdate = false }: { forUpdate?: boolean } = {},
    ): Promise<FaqRow | undefined> {
      const query = ex
        .select()
        .from(faqs)
        .where(and(eq(faqs.id, id), eq(faqs.space, space)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async insert(space: string, form: FaqForm, ex: Executor = db) {
      const [row] = await ex
        .insert(faqs)
        .values({ space, ...columnsOf(form) } as typeof faqs.$inferInsert)
        .returning();
      return row;
    },

    /** Sets what the patch carries, one version up. */
    async update(id: string, patch: Partial<FaqForm>, ex: Executor = db) {
      const [row] = await ex
        .update(faqs)
        .set({ ...columnsOf(patch), version: sql`${faqs.version} + 1`, updatedAt: new Date() })
        .where(eq(faqs.id, id))
        .returning();
      return row;
    },

    /** Every FAQ of a category in its order, locked for the transaction. */
    category(space: string, category: string, ex: Executor = db) {
      return ex
        .select()
        .from(faqs)
        .where(and(eq(faqs.space, space), eq(faqs.category, category)))
        .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt))
        .for('update');
    },

    /** Gives a FAQ its place, one version up. */
    async setOrder(id: string, order: number, ex: Executor = db) {
      await ex
        .update(faqs)
        .set({ sortOrder: order, version: sql`${faqs.version} + 1`, updatedAt: new Date() })
        .where(eq(faqs.id, id));
    },

    async remove(id: string, ex: Executor = db) {
      await ex.delete(faqs).where(eq(faqs.id, id));
    },
  };
}
export type FaqsRepository = ReturnType<typeof createFaqsRepository>;
