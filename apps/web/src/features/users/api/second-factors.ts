import { api } from '../../../lib/api-client';
import type { QuerySpec } from '../../../lib/list-query';

/** What a person has set up as a second factor (issue 30), as a super-administrator sees it. */
export interface EnrolledFactors {
  authenticatorApp: boolean;
  passkeys: number;
}

export const secondFactorsKey = (id: string) => ['users', 'second-factors', id] as const;

/** `GET /api/users/{id}/second-factors` (super-administrators only). */
export const secondFactorsQuery = (id: string): QuerySpec<EnrolledFactors> => ({
  queryKey: [...secondFactorsKey(id)],
  queryFn: ({ signal }) =>
    api.get<EnrolledFactors>(`/users/${encodeURIComponent(id)}/second-factors`, signal),
});

/** `POST /api/users/{id}/second-factors/reset`: clears them, ends the sessions, e-mails the person. */
export function resetSecondFactors(id: string): Promise<void> {
  return api.post<void>(`/users/${encodeURIComponent(id)}/second-factors/reset`);
}
