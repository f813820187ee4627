import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/**
 * The guest's pages (issue 30) are public: the signed-in area's query cache is not there. Their own,
 * small one: a refused call (a wrong token, a wrong proof) is shown once, not retried.
 */
export function GuestQueries({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: (count, error) => count < 1 && !(error as { status?: number })?.status },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
