import { FEATURES } from '@ov/domain/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Features } from '../../../lib/access';
import { api } from '../../../lib/api-client';

export interface PublicConfig {
  features: Features;
  space?: string;
}

export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>('/config', signal);
}

export function configQuery() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    // Administrators switch things at run time (settings): read again every minute.
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** Feature switches from the server; the shared defaults apply until (or if never) it answers. */
export function useFeatures(): Features {
  const { data } = useQuery(configQuery());
  // The same object until the answer changes: the signed-in area memoizes the access context on it,
  // and a new object at every render re-rendered every page at every query update.
  return useMemo(() => ({ ...FEATURES, ...(data?.features ?? {}) }), [data?.features]);
}
