import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';

/** Frequently asked questions (design §6), both languages side by side; drafts until published. */
export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    category: text('category').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(false),
    questionEs: text('question_es').notNull(),
    questionEn: text('question_en').notNull(),
    answerEs: text('answer_es').notNull(),
    answerEn: text('answer_en').notNull(),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faqs_space_category_idx').on(t.space, t.category, t.sortOrder)],
);
