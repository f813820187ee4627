import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** /api/config answering sign-up on or off; every other call (the municipalities lookup) an empty list. */
export function serveConfig(signup: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).endsWith('/api/config')
        ? {
            space: 'ahab',
            features: { signup, payments: true, enzona: true, transfermovil: true, onboarding: false },
          }
        : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

/** Renders a public page in a router and lets the answer of /api/config arrive. */
export async function showPublicPage(page: ReactNode) {
  render(<MemoryRouter>{page}</MemoryRouter>);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
