import type { QueryClient } from '@tanstack/react-query';

/**
 * What a page reads on its first render, put into the signed-in area's query cache before the area
 * first renders (app/early-load.ts): the page then comes in one piece instead of its placeholders
 * followed by one render per answer. Exported as `prefetch` by the page's module; its queries are the
 * page's own (`queryOptions`), so they take the answers the entry asked for early (`early`).
 */
export type PagePrefetch = (
  client: QueryClient,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
) => Promise<unknown> | undefined;
