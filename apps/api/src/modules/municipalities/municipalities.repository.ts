import { LOOKUP_SIZE } from '@ov/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { municipalities, organizations, popularCouncils, streets } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';

const municipalitySearch: SearchSpec = {
  searchColumns: [municipalities.name],
  filterFields: { pk: municipalities.pk, province: municipalities.province },
  sortFields: { pk: municipalities.pk, municipio: municipalities.name },
  defaultSort: [asc(municipalities.pk)],
};

/** All the SQL of the municipalities and their address data (streets, popular councils, organizations). */
export function createMunicipalitiesRepository(db: Db) {
  return {
    async exists(pk: number) {
      const [m] = await db
        .select({ pk: municipalities.pk })
        .from(municipalities)
        .where(eq(municipalities.pk, pk));
      return Boolean(m);
    },

    list: () =>
      db
        .select({ pk: municipalities.pk, municipio: municipalities.name, province: municipalities.province })
        .from(municipalities)
        .orderBy(asc(municipalities.pk))
        .limit(LOOKUP_SIZE),

    streets: (municipality: number) =>
      db
        .select({ id: streets.id, name: streets.name })
        .from(streets)
        .where(eq(streets.municipality, municipality))
        .orderBy(asc(streets.name)),

    popularCouncils: (municipality: number) =>
      db
        .select({ id: popularCouncils.id, name: popularCouncils.name })
        .from(popularCouncils)
        .where(eq(popularCouncils.municipality, municipality))
        .orderBy(asc(popularCouncils.name)),

    organizations: () =>
      db
        .select({ id: organizations.id, name: organizations.name, kind: organizations.kind })
        .from(organizations)
        .orderBy(asc(organizations.name))
        .limit(LOOKUP_SIZE),

    /** The list protocol over municipalities, with their popular councils and streets counted. */
    async search(q: SearchQuery) {
      const where = searchWhere(municipalitySearch, q);
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            pk: municipalities.pk,
            municipio: municipalities.name,
            province: municipalities.province,
            popularCouncils: sql<number>`(select count(*)::int from ${popularCouncils} where ${popularCouncils.municipality} = ${municipalities.pk})`,
            streets: sql<number>`(select count(*)::int from ${streets} where ${streets.municipality} = ${municipalities.pk})`,
          })
          .from(municipalities)
          .where(where)
          .orderBy(...searchOrder(municipalitySearch, q))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(municipalities).where(where),
      ]);
      return { rows, total };
    },
  };
}

export type MunicipalitiesRepository = ReturnType<typeof createMunicipalitiesRepository>;
