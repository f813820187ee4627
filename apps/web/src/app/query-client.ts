import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';
import { notify } from '../lib/notify';

function isSilent(meta: Record<string, unknown> | undefined): boolean {
  return meta?.silent === true;
}

/** 401 is the session's business (refresh or logout), never a toast. */
function shouldToast(error: unknown): boolean {
  return !(isApiError(error) && error.status === 401);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A read nobody shows (a prefetch ahead of the page, app/private-app.tsx) fails silently: the
      // page asks again when it mounts, and that failure is the one reported.
      onError: (error, query) => {
        if (query.getObserversCount() === 0) return;
        if (!isSilent(query.meta) && shouldToast(error)) notify.error(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isSilent(mutation.meta) && shouldToast(error)) notify.error(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; one retry for network or server hiccups.
        retry: (count, error) =>
          count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
