import type { DetailMode } from './detail-dialog';

export interface DetailRoute {
  mode: DetailMode | null;
  id: string | null;
}

/** `{route}/create`, `{route}/{id}`, `{route}/{id}/edit` (and `{id}/<tab>` as view), from the path rest. */
export function parseDetailRoute(rest: string | undefined): DetailRoute {
  const parts = (rest ?? '').split('/').filter(Boolean);
  if (parts.length === 0) return { mode: null, id: null };
  if (parts[0] === 'create' && parts.length === 1) return { mode: 'create', id: null };
  const id = decodeURIComponent(parts[0]);
  if (parts[1] === 'edit') return { mode: 'edit', id };
  return { mode: 'view', id };
}

export function detailPath(basePath: string, mode: DetailMode, id?: string | null): string {
  if (mode === 'create') return `${basePath}/create`;
  const encoded = encodeURIComponent(id ?? '');
  return mode === 'edit' ? `${basePath}/${encoded}/edit` : `${basePath}/${encoded}`;
}
