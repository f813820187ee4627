import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { type MessageAnswer, once } from '../api/account-calls';

export type LinkState =
  | { kind: 'missing' }
  | { kind: 'checking' }
  | { kind: 'done'; answer?: MessageAnswer }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'failed'; text: string };

/** 470 → used or unknown, 471 → expired (catalogue), anything else → its own text. */
export function linkFailure(error: unknown, t: never, language: string): LinkState {
  if (isApiError(error) && error.name === 'BADREQUESTERROR') {
    if (error.reference === 470) return { kind: 'invalid' };
    if (error.reference === 471) return { kind: 'expired' };
  }
  return { kind: 'failed', text: errorText(error, t, language) };
}

/** Spends an e-mailed link token once (on arrival) and reports what happened. */
export function useSpendLink(
  purpose: string,
  token: string | null,
  call: (token: string) => Promise<MessageAnswer>,
  t: never,
  language: string,
): LinkState {
  const [state, setState] = useState<LinkState>(token ? { kind: 'checking' } : { kind: 'missing' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is spent once; language/t do not matter
  useEffect(() => {
    if (!token) return;
    let alive = true;
    once(`${purpose}:${token}`, () => call(token))
      .then((answer) => alive && setState({ kind: 'done', answer }))
      .catch((error) => alive && setState(linkFailure(error, t, language)));
    return () => {
      alive = false;
    };
  }, [purpose, token]);
  return state;
}
