import { AppError, type FaqForm } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import type { SearchQuery } from '../../lib/search';
import { writeTrace } from '../../lib/traces';
import type { FaqsRepository, FaqRow as Row } from './faqs.repository';

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

export function createFaqsService({ faqs }: { faqs: FaqsRepository }) {
  async function mine(ex: Executor | undefined, p: Principal, id: string) {
    const row = await faqs.find(p.space, id, ex);
    if (!row) throw new AppError('NOTFOUND', 404);
    return row;
  }

  return {
    /** The published FAQs of a space in one language, grouped by the caller (category, then order). */
    async published(space: string, lang: 'es' | 'en') {
      const rows = await faqs.published(space);
      return rows.map((r) => ({
        _id: r.id,
        category: r.category,
        order: r.sortOrder,
        question: lang === 'en' ? r.questionEn : r.questionEs,
        answer: lang === 'en' ? r.answerEn : r.answerEs,
      }));
    },

    async search(p: Principal, q: SearchQuery) {
      const { rows, total } = await faqs.search(p.space, q);
      return { total, rows: rows.map(faqDto) };
    },

    async get(p: Principal, id: string) {
      return faqDto(await mine(undefined, p, id));
    },

    async create(p: Principal, form: FaqForm) {
      return faqs.transaction(async (tx) => {
        const row = await faqs.insert(p.space, form, tx);
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
      return faqs.transaction(async (tx) => {
        const before = await faqs.find(p.space, id, tx, { forUpdate: true });
        if (!before) throw new AppError('NOTFOUND', 404);
        if (before.version !== patch.version && !patch.force)
          throw new AppError('CONFLICTERROR', 409, { ref: id, current: faqDto(before) });
        const after = await faqs.update(id, patch, tx);
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
      return faqs.transaction(async (tx) => {
        const target = await mine(tx, p, id);
        const siblings = await faqs.category(p.space, target.category, tx);
        const at = siblings.findIndex((f) => f.id === id);
        const to = direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= siblings.length) return faqDto(target);
        [siblings[at], siblings[to]] = [siblings[to], siblings[at]];
        for (const [i, f] of siblings.entries()) {
          if (f.sortOrder !== i + 1) await faqs.setOrder(f.id, i + 1, tx);
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
        return faqDto(await mine(tx, p, id));
      });
    },

    async remove(p: Principal, id: string) {
      await faqs.transaction(async (tx) => {
        const before = await mine(tx, p, id);
        await faqs.remove(id, tx);
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
