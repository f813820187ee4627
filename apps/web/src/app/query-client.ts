import { MutationCache, notifyManager, QueryCache, QueryClient } from '@tanstack/react-query';
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
      onError: (error, query) => {
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

/**
 * Query updates due in the same turn of the event loop reach React together, in one task, so React
 * renders once for all of them. TanStack Query's default hands each to its own `setTimeout(0)`: a
 * code's page, whose five reads are answered at once on a signed-in load (app/early-load.ts),
 * rendered four times in a row (10–20 ms each on this machine, four times that on a mid-range phone).
 */
export function batchQueryUpdates(): void {
  let due: (() => void)[] = [];
  const run = () => {
    const callbacks = due;
    due = [];
    for (const callback of callbacks) callback();
  };
  notifyManager.setScheduler((callback) => {
    if (due.push(callback) === 1) setTimeout(run, 0);
  });
}
