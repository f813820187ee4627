import { LOOKUP_SIZE } from '@ov/domain/constants';
import { ApiError } from '../../../lib/api-error';
import type { QuerySpec } from '../../../lib/list-query';
import type { Municipality } from '../types';
import { findMunicipalities } from './find-municipalities';

/** One municipality by key, from the search (there is no single-record call for this lookup). */
export async function getMunicipality(pk: string, signal?: AbortSignal) {
  const { items } = await findMunicipalities({ page: 1, size: LOOKUP_SIZE, search: '', filters: [] }, signal);
  const found = items.find((item) => String(item.pk) === pk);
  if (!found) throw new ApiError(404, { name: 'NOTFOUND', reference: 415, message: '' });
  return found;
}

export const municipalityQuery = (pk: string): QuerySpec<Municipality> => ({
  queryKey: ['municipalities', 'one', pk],
  queryFn: ({ signal }) => getMunicipality(pk, signal),
  meta: { silent: true },
});
