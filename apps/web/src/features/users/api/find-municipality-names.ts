import { LOOKUP_SIZE } from '@ov/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface MunicipalityOption {
  pk: number;
  municipio: string;
}

export function findMunicipalityOptions(signal?: AbortSignal): Promise<MunicipalityOption[]> {
  return api.get<MunicipalityOption[]>(`/ahab-requests/address/municipalities?size=${LOOKUP_SIZE}`, signal);
}

/** The municipality list, fetched once (a lookup list). */
export function useMunicipalityOptions() {
  return useQuery({
    queryKey: ['lookups', 'municipalities'],
    queryFn: ({ signal }) => findMunicipalityOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Municipality names by key. */
export function useMunicipalityNames(): Map<number, string> {
  const { data } = useMunicipalityOptions();
  return new Map((data ?? []).map((option) => [option.pk, option.municipio]));
}
