import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/current-user';
import { cacheProfile, getCachedProfile } from '../../../lib/session';

export const ME_QUERY_KEY = ['users', 'me'] as const;

export async function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await api.get<CurrentUser>('/users/me', signal);
  cacheProfile(user);
  return user;
}

export function meQuery() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });
}

/** The signed-in profile; the cached copy shows at once while the fresh one loads. */
export function useMe() {
  return useQuery({ ...meQuery(), placeholderData: getCachedProfile<CurrentUser>() ?? undefined });
}
