import type { CommercialOfficeInput } from '@ov/domain/validation/forms';
import { api } from '../../../lib/api-client';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import { patchVersioned, removeAt } from '../../../lib/resource-calls';

export interface Office {
  _id: string;
  name: string;
  boss: string | null;
  address: string;
  province: string;
  municipality: number;
  phone: string | null;
  /** Opening hours in Spanish and English (either may be null). */
  hours: { es: string | null; en: string | null };
  serves: number[];
  version: number;
  updatedAt: string;
}

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

export type { PublicOffice } from '../../../components/office-info/serving-offices';
