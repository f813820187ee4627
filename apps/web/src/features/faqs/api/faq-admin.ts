import type { FaqForm } from '@ov/domain/faqs';
import { api } from '../../../lib/api-client';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import { patchVersioned, removeAt } from '../../../lib/resource-calls';

/** A FAQ as the editor sees it (both languages, draft or published, with its version). */
export interface Faq extends FaqForm {
  _id: string;
  version: number;
  updatedAt: string;
}

export const FAQS_QUERY_KEY = ['faqs'] as const;

export const faqsQuery = (params: ListParams): QuerySpec<ListResult<Faq>> => ({
  queryKey: [...FAQS_QUERY_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<Faq>('/faqs/search', params, signal),
});

export const faqQuery = (id: string): QuerySpec<Faq> => ({
  queryKey: [...FAQS_QUERY_KEY, 'one', id],
  queryFn: ({ signal }) => api.get<Faq>(`/faqs/${encodeURIComponent(id)}`, signal),
});

export const createFaq = (form: FaqForm) => api.post<Faq>('/faqs', form);

/** With the version as read; 409 `{ref, current}` when someone changed it meanwhile (force to overwrite). */
export const updateFaq = (id: string, form: FaqForm, version: number, force = false) =>
  patchVersioned<Faq>(`/faqs/${encodeURIComponent(id)}`, form, version, force);

export const removeFaq = (id: string) => removeAt(`/faqs/${encodeURIComponent(id)}`);

/** One place up or down within its category. */
export const moveFaq = (id: string, direction: 'up' | 'down') =>
  api.post<Faq>(`/faqs/${encodeURIComponent(id)}/move`, { direction });
