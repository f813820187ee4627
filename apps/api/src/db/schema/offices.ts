import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { municipalities } from './address';
import { spaces } from './spaces';

/** The utility's commercial offices (design §6) and the municipalities each one serves. */
export const commercialOffices = pgTable(
  'commercial_offices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    name: text('name').notNull(),
    boss: text('boss'),
    address: text('address').notNull(),
    province: text('province').notNull(),
    municipality: integer('municipality')
      .notNull()
      .references(() => municipalities.pk),
    phone: text('phone'),
    /** Opening hours in Spanish, and in English (`hours_en`; pages in English fall back to Spanish). */
    hours: text('hours'),
    hoursEn: text('hours_en'),
    serves: integer('serves').array().notNull().default([]),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commercial_offices_space_name_idx').on(t.space, t.name)],
);
