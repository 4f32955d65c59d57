import { loginResponseSchema, type TokenPair } from '@lawn/shared';

/** A failed call: the HTTP status and the parsed body (`{ message, errors? }`, a string, or null). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Keys are sent as written, so `{ 'filter[status]': 1 }` works. Null and undefined are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Use this token instead of the session's; such calls never refresh or end the session. */
  token?: string | null;
};

export type SessionTokens = { accessToken: string | null; refreshToken: string | null; role: string | null };

export type ApiClientDeps = {
  baseUrl?: string;
  /** Read at call time so tests can stub the global one. */
  fetch?: typeof fetch;
  getSession: () => SessionTokens;
  saveTokens: (tokens: TokenPair) => void;
  /** Drop the session and move to `target` (spec 1 section 4). */
  onSessionExpired: (target: string) => void;
};

/** Calls whose 401 means "wrong credentials", not "session expired" (spec 1 section 4). */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/refresh', '/auth/logout', '/external/login-account'];

export const CUSTOMER_EXPIRED_TARGET = '/external-account-number';
export const STAFF_EXPIRED_TARGET = '/login?et=1';

export function expiredSessionTarget(role: string | null): string {
  return role === 'customers' ? CUSTOMER_EXPIRED_TARGET : STAFF_EXPIRED_TARGET;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '/api';
  const doFetch: typeof fetch = (...args) => (deps.fetch ?? globalThis.fetch)(...args);
  let refreshInFlight: Promise<string | null> | null = null;
  // The access token we already gave up on, so a burst of 401s ends the session once.
  let expiredAccessToken: string | null = null;

  function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return doFetch(buildUrl(baseUrl, path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  }

  /** Resolves to the new access token, or null when the server refused the refresh token. */
  async function refresh(refreshToken: string): Promise<string | null> {
    const response = await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
    if (response.status >= 400 && response.status < 500) return null;
    // A 5xx or an unreadable answer is not proof the session is over; let the call fail instead.
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    const tokens = loginResponseSchema.parse(await readBody(response)).data;
    deps.saveTokens(tokens);
    return tokens.accessToken;
  }

  // Single flight: concurrent 401s share one refresh, because refresh tokens rotate and a second
  // use of the old one would be treated as reuse.
  function refreshOnce(refreshToken: string): Promise<string | null> {
    refreshInFlight ??= refresh(refreshToken).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  function expire(accessToken: string) {
    if (expiredAccessToken === accessToken) return;
    expiredAccessToken = accessToken;
    deps.onSessionExpired(expiredSessionTarget(deps.getSession().role));
  }

  async function newTokenAfter401(usedToken: string): Promise<string | null> {
    const session = deps.getSession();
    // Another call refreshed while this one was in flight: just use the newer token.
    if (session.accessToken && session.accessToken !== usedToken) return session.accessToken;
    if (!session.refreshToken || expiredAccessToken === usedToken) return null;
    return refreshOnce(session.refreshToken);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const isSessionCall = options.token === undefined;
    const token = isSessionCall ? deps.getSession().accessToken : (options.token ?? null);
    let response = await send(path, options, token);

    const canRefresh = isSessionCall && !NO_REFRESH_PATHS.includes(path);
    if (response.status === 401 && canRefresh && token !== null) {
      const newToken = await newTokenAfter401(token);
      if (newToken) response = await send(path, options, newToken);
      if (!newToken || response.status === 401) expire(newToken ?? token);
    }

    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    return body as T;
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
