import { useCallback, useEffect, useState } from 'react';
import { API_BASE } from '../../../lib/urls';

export interface PublicFaq {
  _id: string;
  category: string;
  order: number;
  question: string;
  answer: string;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; faqs: PublicFaq[] };

/** `GET /api/faqs` in the interface language; loaded again when the language changes. */
export function usePublicFaqs(language: string) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(`${API_BASE}/faqs?attempt=${attempt}`, {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      signal: controller.signal,
    })
      .then((r) => (r.ok ? (r.json() as Promise<PublicFaq[]>) : Promise.reject(new Error(String(r.status)))))
      .then((faqs) => setState({ status: 'ready', faqs }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [language, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
