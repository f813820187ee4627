import { AppError, type CommercialOfficeInput } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Lang } from '../../lib/language';
import type { SearchQuery } from '../../lib/search';
import { writeTrace } from '../../lib/traces';
import { type Actor, assertInScope } from '../users';
import type { CommercialOfficesRepository, OfficeColumns, OfficeRow } from './commercial-offices.repository';

type Row = OfficeRow;

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
function columnsOf(f: Partial<CommercialOfficeInput>, municipality?: number): OfficeColumns {
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

export function createCommercialOfficesService({ offices }: { offices: CommercialOfficesRepository }) {
  /** Every municipality named must exist (486 "unknown municipality" otherwise). */
  async function assertMunicipalities(pks: number[]) {
    const wanted = [...new Set(pks)];
    if (!wanted.length) return;
    if ((await offices.countMunicipalities(wanted)) !== wanted.length)
      throw new AppError('BADREQUESTERROR', 486);
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

  /** The municipality a scoped reader's list is limited to (453 outside the province). */
  function scopeOf(actor: Actor) {
    assertInScope(actor, actor.scopeMunicipality);
    if (actor.principal.isSuperAdmin || actor.scopeMunicipality === null) return undefined;
    return actor.scopeMunicipality;
  }

  return {
    /**
     * Offices serving a municipality, for anyone the product sends to the office (400 · 486 unknown);
     * the hours in the caller's language, or in Spanish when the office has none in English
     * (`hoursLang` says which, so a page can mark them).
     */
    async serving(space: string, municipality: number, lang: Lang = 'es') {
      await assertMunicipalities([municipality]);
      const rows = await offices.serving(space, municipality);
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
      const actor = await offices.actor(p);
      const scope = scopeOf(actor);
      for (const f of q.filters ?? [])
        if (f.field === 'municipality' && scope !== undefined && Number(f.value) !== actor.scopeMunicipality)
          throw new AppError('BADREQUESTERROR', 456);
      const { rows, total } = await offices.search(p.space, q, scope);
      return { total, rows: rows.map(officeDto) };
    },

    async get(p: Principal, id: string) {
      const row = await offices.find(p.space, id);
      if (!row) throw new AppError('NOTFOUND', 404);
      assertOfficeInScope(await offices.actor(p), row.municipality);
      return officeDto(row);
    },

    async create(p: Principal, form: CommercialOfficeInput) {
      assertOfficeInScope(await offices.actor(p), form.municipality, form.serves);
      await assertMunicipalities([form.municipality, ...(form.serves ?? [])]);
      return offices.transaction(async (tx) => {
        const row = await offices.insert(p.space, columnsOf(form), tx);
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
      const actor = await offices.actor(p);
      if (patch.municipality !== undefined) assertOfficeInScope(actor, patch.municipality);
      await assertMunicipalities([
        ...(patch.municipality ? [patch.municipality] : []),
        ...(patch.serves ?? []),
      ]);
      return offices.transaction(async (tx) => {
        const before = await offices.find(p.space, id, tx, true);
        if (!before) throw new AppError('NOTFOUND', 404);
        assertOfficeInScope(
          actor,
          before.municipality,
          (patch.serves ?? []).filter((m) => !before.serves.includes(m)),
        );
        if (before.version !== patch.version && !patch.force)
          throw new AppError('CONFLICTERROR', 409, { ref: id, current: officeDto(before) });
        const after = await offices.update(id, columnsOf(patch, before.municipality), tx);
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
      await offices.transaction(async (tx) => {
        const before = await offices.find(p.space, id, tx);
        if (!before) throw new AppError('NOTFOUND', 404);
        assertOfficeInScope(await offices.actor(p, tx), before.municipality);
        await offices.remove(id, tx);
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

export type CommercialOfficesService = ReturnType<typeof createCommercialOfficesService>;
