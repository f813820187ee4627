import { ApiError, toApiError } from './api-error';
import { takeEarlyCall } from './early-calls';
import { noteResponse } from './offline-state';
import { clearSession, getSession, type SessionTokens, saveSession } from './session';
import { API_BASE } from './urls';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface SessionStore {
  get(): SessionTokens | null;
  save(tokens: SessionTokens): void;
  clear(): void;
}

export interface ApiClientDeps {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  session: SessionStore;
  getLanguage: () => string;
  baseUrl?: string;
  /** An answer already asked for from the entry (lib/early-calls), taken once instead of sending. */
  takeEarly?: (
    method: string,
    path: string,
    body: unknown,
    token: string | undefined,
  ) => Promise<Response | null> | null;
}

/** Calls whose 401 means "wrong credentials / no session", never "refresh and retry". */
const NO_REFRESH_PATHS = ['/signin', '/refresh-token', '/signout', '/users/me'];

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? API_BASE;
  let refreshing: Promise<SessionTokens | null> | null = null;

  function headersFor(token: string | undefined, hasBody: boolean): Headers {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.getLanguage() });
    if (hasBody) headers.set('Content-Type', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }

  async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
    const hasBody = options.body !== undefined;
    try {
      return await deps.fetch(`${baseUrl}${path}`, {
        method: options.method ?? (hasBody ? 'POST' : 'GET'),
        headers: headersFor(token, hasBody),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
  }

  /** One refresh at a time: concurrent 401s wait on the same promise. Resolves null when refused. */
  function refreshSession(): Promise<SessionTokens | null> {
    if (!refreshing) {
      refreshing = (async () => {
        const current = deps.session.get();
        if (!current) return null;
        const response = await send(
          '/refresh-token',
          {
            method: 'POST',
            body: { token: current.accessToken, refresh: current.refreshToken, space: current.space },
          },
          undefined,
        );
        if (!response.ok) return null;
        const tokens = (await response.json()) as SessionTokens;
        deps.session.save(tokens);
        return tokens;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function parse<T>(response: Response): Promise<ApiResponse<T>> {
    noteResponse(response);
    if (!response.ok) throw await toApiError(response);
    const text = response.status === 204 ? '' : await response.text();
    return {
      data: (text ? JSON.parse(text) : undefined) as T,
      status: response.status,
      headers: response.headers,
    };
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const token = deps.session.get()?.accessToken;
    const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
    const early = deps.takeEarly?.(method, path, options.body, token);
    const response = (early && (await early)) || (await send(path, options, token));
    if (response.status !== 401 || !token) return parse<T>(response);

    if (NO_REFRESH_PATHS.includes(path)) {
      // A 401 on the profile fetch means the session is gone: log out.
      if (path === '/users/me') deps.session.clear();
      return parse<T>(response);
    }

    // Another call may already have rotated the tokens while this one was in flight.
    const latest = deps.session.get();
    let fresh: SessionTokens | null = latest && latest.accessToken !== token ? latest : null;
    if (!fresh) {
      try {
        fresh = await refreshSession();
      } catch (error) {
        // No answer from the refresh call: keep the session, report the network problem.
        throw error instanceof ApiError ? error : ApiError.network(error);
      }
    }
    if (!fresh) {
      deps.session.clear();
      return parse<T>(response);
    }
    return parse<T>(await send(path, options, fresh.accessToken));
  }

  return {
    request,
    async get<T>(path: string, signal?: AbortSignal): Promise<T> {
      return (await request<T>(path, { method: 'GET', signal })).data;
    },
    async post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
      return (await request<T>(path, { method: 'POST', body: body ?? {}, signal })).data;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function currentLanguage(): string {
  return document.documentElement.lang || 'es';
}

export const api: ApiClient = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  session: { get: getSession, save: (tokens) => saveSession(tokens), clear: clearSession },
  getLanguage: currentLanguage,
  takeEarly: takeEarlyCall,
});
