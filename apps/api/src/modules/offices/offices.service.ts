import { AppError, type CommercialOfficeInput } from '@ov/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { commercialOffices, municipalities } from '../../db/schema';
import type { Lang } from '../../lib/language';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';
import { writeTrace } from '../../lib/traces';
import { type Actor, assertInScope, loadActor } from '../users';

type Row = typeof commercialOffices.$inferSelect;
const t = commercialOffices;

export const officeSearchSpec: SearchSpec = {
  searchColumns: [t.name, t.boss, t.address, t.phone],
  filterFields: { municipality: t.municipality, province: t.province, createdAt: t.createdAt },
  sortFields: { name: t.name, municipality: t.municipality, updatedAt: t.updatedAt },
  defaultSort: [asc(t.name), asc(t.id)],
};

export function officeDto(r: Row) {
  return {
    _id: r.id,
    name: r.name,
    boss: r.boss,
    address: r.address,
    province: r.province,
    municipality: r.municipality,
    phone: r.phone,
    hours: { es: r.hours, en: r.hoursEn },
    serves: r.serves,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The columns a form (or part of one) sets; an office with no area serves its own municipality. */
function columnsOf(f: Partial<CommercialOfficeInput>, municipality?: number) {
  const serves =
    f.serves ?? (f.municipality !== undefined && municipality === undefined ? [f.municipality] : undefined);
  return {
    ...(f.name !== undefined ? { name: f.name.trim() } : {}),
    ...(f.boss !== undefined ? { boss: f.boss.trim() || null } : {}),
    ...(f.address !== undefined ? { address: f.address.trim() } : {}),
    ...(f.province !== undefined ? { province: f.province.trim() } : {}),
    ...(f.municipality !== undefined ? { municipality: f.municipality } : {}),
    ...(f.phone !== undefined ? { phone: f.phone || null } : {}),
    ...(f.hours?.es !== undefined ? { hours: f.hours.es.trim() || null } : {}),
    ...(f.hours?.en !== undefined ? { hoursEn: f.hours.en.trim() || null } : {}),
    ...(serves !== undefined ? { serves: [...new Set(serves)].sort((a, b) => a - b) } : {}),
  };
}

const traced = ({ id: _id, space: _s, version: _v, createdAt: _c, updatedAt: _u, ...fields }: Row) => fields;

export function createOfficesService(db: Db) {
  /** Every municipality named must exist (486 "unknown municipality" otherwise). */
  async function assertMunicipalities(pks: number[]) {
    const wanted = [...new Set(pks)];
    if (!wanted.length) return;
    const found = await db
      .select({ pk: municipalities.pk })
      .from(municipalities)
      .where(sql`${municipalities.pk} in ${wanted}`);
    if (found.length !== wanted.length) throw new AppError('BADREQUESTERROR', 486);
  }

  /**
   * A writer scoped to a municipality (or province) acts only on offices there, as with users and
   * contract requests: 456 for another municipality, 453 outside the province.
   */
  function assertOfficeInScope(actor: Actor, municipality: number, addedServes: number[] = []) {
    assertInScope(actor, municipality);
    // Sending another municipality's customers to an office is acting on that municipality too.
    for (const m of addedServes) assertInScope(actor, m);
  }

  /** The condition limiting a scoped reader's list to their municipality (453 outside the province). */
  function scopeWhere(actor: Actor) {
    assertInScope(actor, actor.scopeMunicipality);
    if (actor.principal.isSuperAdmin || actor.scopeMunicipality === null) return undefined;
    return eq(t.municipality, actor.scopeMunicipality);
  }

  return {
    /**
     * Offices serving a municipality, for anyone the product sends to the office (400 · 486 unknown);
     * the hours in the caller's language, or in Spanish when the office has none in English
     * (`hoursLang` says which, so a page can mark them).
     */
    async serving(space: string, municipality: number, lang: Lang = 'es') {
      await assertMunicipalities([municipality]);
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.space, space), sql`${municipality} = any(${t.serves})`))
        .orderBy(asc(t.name));
      return rows.map(({ id, name, address, province, municipality: m, phone, hours, hoursEn }) => {
        const inEnglish = lang === 'en' && hoursEn ? hoursEn : null;
        const shown = inEnglish ?? hours ?? hoursEn;
        return {
          _id: id,
          name,
          address,
          province,
          municipality: m,
          phone,
          hours: shown,
          hoursLang:
            shown === null ? null : shown === hours && !inEnglish ? ('es' as const) : ('en' as const),
        };
      });
    },

    async search(p: Principal, q: SearchQuery) {
      const actor = await loadActor(db, p);
      const scope = scopeWhere(actor);
      for (const f of q.filters ?? [])
        if (f.field === 'municipality' && scope && Number(f.value) !== actor.scopeMunicipality)
          throw new AppError('BADREQUESTERROR', 456);
      const where = searchWhere(officeSearchSpec, q, and(eq(t.space, p.space), scope));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(t)
        .where(where)
        .orderBy(...searchOrder(officeSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(t).where(where);
      return { total, rows: rows.map(officeDto) };
    },

    async get(p: Principal, id: string) {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.id, id), eq(t.space, p.space)));
      if (!row) throw new AppError('NOTFOUND', 404);
      assertOfficeInScope(await loadActor(db, p), row.municipality);
      return officeDto(row);
    },

    async create(p: Principal, form: CommercialOfficeInput) {
      assertOfficeInScope(await loadActor(db, p), form.municipality, form.serves);
      await assertMunicipalities([form.municipality, ...(form.serves ?? [])]);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t)
          .values({ space: p.space, ...columnsOf(form) } as typeof t.$inferInsert)
          .returning();
        await writeTrace(tx, {
          space: p.space,
          type: 'CREATE',
          owner: p.userId,
          module: 'commercial-offices',
          section: 'offices',
          entityId: row.id,
          after: traced(row),
        });
        return officeDto(row);
      });
    },

    /** A change over the version read; someone else's change in between is a 409 with the current one. */
    async update(
      p: Principal,
      id: string,
      patch: Partial<CommercialOfficeInput> & { version: number; force?: boolean },
    ) {
      const actor = await loadActor(db, p);
      if (patch.municipality !== undefined) assertOfficeInScope(actor, patch.municipality);
      await assertMunicipalities([
        ...(patch.municipality ? [patch.municipality] : []),
        ...(patch.serves ?? []),
      ]);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(t)
          .where(and(eq(t.id, id), eq(t.space, p.space)))
          .for('update');
        if (!before) throw new AppError('NOTFOUND', 404);
        assertOfficeInScope(
          actor,
          before.municipality,
          (patch.serves ?? []).filter((m) => !before.serves.includes(m)),
        );
        if (before.version !== patch.version && !patch.force)
          throw new AppError('CONFLICTERROR', 409, { ref: id, current: officeDto(before) });
        const [after] = await tx
          .update(t)
          .set({
            ...columnsOf(patch, before.municipality),
            version: sql`${t.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(t.id, id))
          .returning();
        await writeTrace(tx, {
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          module: 'commercial-offices',
          section: 'offices',
          entityId: id,
          before: traced(before),
          after: traced(after),
        });
        return officeDto(after);
      });
    },

    async remove(p: Principal, id: string) {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(t)
          .where(and(eq(t.id, id), eq(t.space, p.space)));
        if (!before) throw new AppError('NOTFOUND', 404);
        assertOfficeInScope(await loadActor(tx, p), before.municipality);
        await tx.delete(t).where(eq(t.id, id));
        await writeTrace(tx, {
          space: p.space,
          type: 'REMOVE',
          owner: p.userId,
          module: 'commercial-offices',
          section: 'offices',
          entityId: id,
          before: traced(before),
        });
      });
    },
  };
}
