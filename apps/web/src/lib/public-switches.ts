import { useEffect, useState } from 'react';
import { API_BASE } from './urls';

/** The switches of /api/config an anonymous page needs (sign-up offered or closed). */
export interface PublicSwitches {
  signup: boolean;
}

/** How long an answer is reused (administrators switch things at run time; the signed-in area reads every minute). */
const FRESH_MS = 60_000;
let cached: { at: number; answer: Promise<PublicSwitches | null> } | null = null;

/**
 * /api/config for the public pages, without TanStack Query (the landing page ships without it). Null
 * when the server cannot be asked: the page then offers what it would by default.
 */
export function loadPublicSwitches(): Promise<PublicSwitches | null> {
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.answer;
  const answer = fetch(`${API_BASE}/config`, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { features?: Partial<PublicSwitches> };
      return { signup: body.features?.signup !== false };
    })
    .catch(() => null);
  cached = { at: Date.now(), answer };
  return answer;
}

/** Forget the last answer (tests; a page that must ask again). */
export function forgetPublicSwitches(): void {
  cached = null;
}

/** The public switches once known (undefined while asking, null when the server did not answer). */
export function usePublicSwitches(): PublicSwitches | null | undefined {
  const [switches, setSwitches] = useState<PublicSwitches | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void loadPublicSwitches().then((answer) => alive && setSwitches(answer));
    return () => {
      alive = false;
    };
  }, []);
  return switches;
}

/** Sign-up is offered unless the server said it is closed. */
export function useSignupOpen(): boolean {
  return usePublicSwitches()?.signup !== false;
}
