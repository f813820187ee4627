import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db, Executor } from '../../db/client';
import { commercialOffices, municipalities } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';
import { loadActor } from '../users';

const t = commercialOffices;

export type OfficeRow = typeof t.$inferSelect;
/** The columns a form sets (commercial-offices.service.ts `columnsOf`). */
export type OfficeColumns = Partial<Omit<typeof t.$inferInsert, 'id' | 'space' | 'version' | 'createdAt'>>;

export const officeSearchSpec: SearchSpec = {
  searchColumns: [t.name, t.boss, t.address, t.phone],
  filterFields: { municipality: t.municipality, province: t.province, createdAt: t.createdAt },
  sortFields: { name: t.name, municipality: t.municipality, updatedAt: t.updatedAt },
  defaultSort: [asc(t.name), asc(t.id)],
};

/** All the SQL of the commercial offices (design §6). */
export function createCommercialOfficesRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** The signed-in staff member with their scope (users' rule), read with `ex`. */
    actor: (p: Principal, ex: Executor = db) => loadActor(ex, p),

    /** How many of these (distinct) municipalities exist. */
    async countMunicipalities(pks: number[]) {
      const found = await db
        .select({ pk: municipalities.pk })
        .from(municipalities)
        .where(sql`${municipalities.pk} in ${pks}`);
      return found.length;
    },

    /** The offices of a space whose area includes the municipality, by name. */
    serving: (space: string, municipality: number) =>
      db
        .select()
        .from(t)
        .where(and(eq(t.space, space), sql`${municipality} = any(${t.serves})`))
        .orderBy(asc(t.name)),

    /** The list protocol; `scopeMunicipality` limits it to one municipality's offices. */
    async search(space: string, q: SearchQuery, scopeMunicipality?: number) {
      const scope = scopeMunicipality === undefined ? undefined : eq(t.municipality, scopeMunicipality);
      const where = searchWhere(officeSearchSpec, q, and(eq(t.space, space), scope));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(t)
        .where(where)
        .orderBy(...searchOrder(officeSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(t).where(where);
      return { rows, total };
    },

    /** One office of the space; `forUpdate` locks its row until the transaction ends. */
    async find(space: string, id: string, ex: Executor = db, forUpdate = false) {
      const query = ex
        .select()
        .from(t)
        .where(and(eq(t.id, id), eq(t.space, space)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row as OfficeRow | undefined;
    },

    async insert(space: string, columns: OfficeColumns, ex: Executor = db) {
      const [row] = await ex
        .insert(t)
        .values({ space, ...columns } as typeof t.$inferInsert)
        .returning();
      return row;
    },

    /** Sets the columns and moves the version on. */
    async update(id: string, columns: OfficeColumns, ex: Executor = db) {
      const [row] = await ex
        .update(t)
        .set({ ...columns, version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning();
      return row;
    },

    async remove(id: string, ex: Executor = db) {
      await ex.delete(t).where(eq(t.id, id));
    },
  };
}

export type CommercialOfficesRepository = ReturnType<typeof createCommercialOfficesRepository>;
