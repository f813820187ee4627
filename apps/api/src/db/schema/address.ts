import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const municipalities = pgTable('municipalities', {
  pk: integer('pk').primaryKey(),
  name: text('name').notNull(),
  province: text('province').notNull().default('La Habana'),
});

export const popularCouncils = pgTable(
  'popular_councils',
  {
    id: serial('id').primaryKey(),
    municipality: integer('municipality')
      .notNull()
      .references(() => municipalities.pk),
    name: text('name').notNull(),
  },
  (t) => [index('popular_councils_municipality_idx').on(t.municipality)],
);

export const streets = pgTable(
  'streets',
  {
    id: serial('id').primaryKey(),
    municipality: integer('municipality')
      .notNull()
      .references(() => municipalities.pk),
    name: text('name').notNull(),
  },
  (t) => [index('streets_municipality_idx').on(t.municipality)],
);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
});
