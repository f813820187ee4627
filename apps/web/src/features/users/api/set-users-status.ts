import { api } from '../../../lib/api-client';

/** Statuses an administrator may set (single row and bulk: all but DELETED and UNVERIFIED). */
export const SETTABLE_STATUSES = ['ACTIVE', 'LOCK'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** `POST /api/users/status/:status {ids}` (never yourself: 462). */
export function setUsersStatus(ids: string[], status: SettableStatus): Promise<{ updated: number }> {
  return api.post<{ updated: number }>(`/users/status/${status}`, { ids });
}
