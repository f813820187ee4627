import type { CommercialOfficeInput } from '@ov/domain';
import { api } from '../../../lib/api-client';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import { patchVersioned, removeAt } from '../../../lib/resource-calls';
import { API_BASE } from '../../../lib/urls';

export interface Office {
  _id: string;
  name: string;
  boss: string | null;
  address: string;
  province: string;
  municipality: number;
  phone: string | null;
  hours: string | null;
  serves: number[];
  version: number;
  updatedAt: string;
}

export type PublicOffice = Pick<
  Office,
  '_id' | 'name' | 'address' | 'province' | 'municipality' | 'phone' | 'hours'
>;

export const OFFICES_QUERY_KEY = ['commercial-offices'] as const;

export const officesQuery = (params: ListParams): QuerySpec<ListResult<Office>> => ({
  queryKey: [...OFFICES_QUERY_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<Office>('/commercial-offices/search', params, signal),
});

export const officeQuery = (id: string): QuerySpec<Office> => ({
  queryKey: [...OFFICES_QUERY_KEY, 'one', id],
  queryFn: ({ signal }) => api.get<Office>(`/commercial-offices/${encodeURIComponent(id)}`, signal),
});

export const createOffice = (form: CommercialOfficeInput) => api.post<Office>('/commercial-offices', form);

export const updateOffice = (id: string, form: CommercialOfficeInput, version: number, force = false) =>
  patchVersioned<Office>(`/commercial-offices/${encodeURIComponent(id)}`, form, version, force);

export const removeOffice = (id: string) => removeAt(`/commercial-offices/${encodeURIComponent(id)}`);

/** The offices serving a municipality (anonymous, design §6). */
export async function officesServing(municipality: number, signal?: AbortSignal): Promise<PublicOffice[]> {
  const r = await fetch(`${API_BASE}/commercial-offices/public?municipality=${municipality}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as PublicOffice[];
}
