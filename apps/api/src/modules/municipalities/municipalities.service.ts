import { AppError } from '@ov/domain';
import type { SearchQuery } from '../../lib/search';
import type { MunicipalitiesRepository } from './municipalities.repository';

/** The municipalities and their address data (spec §7): public lookups, and the staff's list. */
export function createMunicipalitiesService({
  municipalities,
}: {
  municipalities: MunicipalitiesRepository;
}) {
  /** 404 · 415 for a municipality that does not exist. */
  async function requireMunicipality(pk: number) {
    if (!(await municipalities.exists(pk))) throw new AppError('NOTFOUND', 415);
  }

  return {
    list: () => municipalities.list(),

    async streets(municipality: number) {
      await requireMunicipality(municipality);
      return municipalities.streets(municipality);
    },

    async popularCouncils(municipality: number) {
      await requireMunicipality(municipality);
      return municipalities.popularCouncils(municipality);
    },

    organizations: () => municipalities.organizations(),

    search: (q: SearchQuery) => municipalities.search(q),
  };
}

export type MunicipalitiesService = ReturnType<typeof createMunicipalitiesService>;
