import { ApiError, toApiError } from '../../../lib/api-error';
import { API_BASE } from '../../../lib/urls';

/** A 429 from a throttled mail call, with how long to wait (Retry-After, seconds). */
export class ThrottledAnswer extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('TOOMANYREQUESTS');
  }
}

/**
 * Anonymous account calls (no session, no refresh): JSON in and out, errors as ApiError, a 429 as
 * ThrottledAnswer so the page can show the wait.
 */
export async function publicPost<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': document.documentElement.lang || 'es',
      },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    throw new ThrottledAnswer(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  }
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
