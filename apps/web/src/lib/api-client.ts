import { APP_PATHS, IDEMPOTENCY_KEY_HEADER, loginResponseSchema, type TokenPair } from '@lawn/shared';

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
  /** Sent as JSON, or as multipart/form-data when it is a FormData (file uploads). */
  body?: unknown;
  /** Keys are sent as written, so `{ 'filter[status]': 1 }` works. Null and undefined are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Use this token instead of the session's; such calls never refresh or end the session. */
  token?: string | null;
  /** The Accept header; JSON unless a file is asked for. */
  accept?: string;
  /**
   * Sent as the Idempotency-Key header: a write sent again with the same key (a retry after a lost answer) is done
   * once, and the server answers the first answer again.
   */
  idempotencyKey?: string;
};

/** A file the API answered with, and the name it suggested in Content-Disposition. */
export type DownloadedFile = { blob: Blob; filename: string | null };

export type SessionTokens = {
  accessToken: string | null;
  refreshToken: string | null;
  role: string | null;
  /** The sign-in page the session began on, when known (see SessionUser). */
  signInPath?: string | null;
};

export type ApiClientDeps = {
  baseUrl?: string;
  /** Read at call time so tests can stub the global one. */
  fetch?: typeof fetch;
  getSession: () => SessionTokens;
  saveTokens: (tokens: TokenPair) => void;
  /** Drop the session and move to `target`: customers to their sign-in, staff to the login page. */
  onSessionExpired: (target: string) => void;
};

/** Calls whose 401 means "wrong credentials", not "session expired", so they never end the session. */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/refresh', '/auth/logout', '/web/auth/login', '/external/login-account'];

/** `et=1` tells the login page to end the session itself and say that it expired. */
export const STAFF_EXPIRED_TARGET = `${APP_PATHS.login}?et=1`;
/** The same for a customer signed in to their web account: back to the customer sign-in. */
export const CUSTOMER_EXPIRED_TARGET = `${APP_PATHS.webLogin}?et=1`;

/** Whether the target is a sign-in page that ends the session itself (so the caller must not end it first). */
export function isSelfEndingTarget(target: string): boolean {
  return target === STAFF_EXPIRED_TARGET || target === CUSTOMER_EXPIRED_TARGET;
}

/**
 * Where an expired session goes: a customer web account to the customer sign-in, another customer session
 * (an account look-up) to the account-number page, staff to the staff login.
 */
export function expiredSessionTarget(session: Pick<SessionTokens, 'role' | 'signInPath'>): string {
  if (session.signInPath === APP_PATHS.webLogin) return CUSTOMER_EXPIRED_TARGET;
  return session.role === 'customers' ? APP_PATHS.externalSignIn : STAFF_EXPIRED_TARGET;
}

/** The file name a Content-Disposition header suggests (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // Badly encoded: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
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
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    // Files go as multipart/form-data, whose boundary the browser writes into the Content-Type itself.
    const isForm = options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    return doFetch(buildUrl(baseUrl, path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
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
    deps.onSessionExpired(expiredSessionTarget(deps.getSession()));
  }

  async function newTokenAfter401(usedToken: string): Promise<string | null> {
    const session = deps.getSession();
    // Another call refreshed while this one was in flight: just use the newer token.
    if (session.accessToken && session.accessToken !== usedToken) return session.accessToken;
    if (!session.refreshToken || expiredAccessToken === usedToken) return null;
    return refreshOnce(session.refreshToken);
  }

  /** Sends with the session's token, refreshing it once on a 401; answers the final response. */
  async function sendWithSession(path: string, options: RequestOptions): Promise<Response> {
    const isSessionCall = options.token === undefined;
    const token = isSessionCall ? deps.getSession().accessToken : (options.token ?? null);
    let response = await send(path, options, token);

    const canRefresh = isSessionCall && !NO_REFRESH_PATHS.includes(path);
    if (response.status === 401 && canRefresh && token !== null) {
      const newToken = await newTokenAfter401(token);
      if (newToken) response = await send(path, options, newToken);
      if (!newToken || response.status === 401) expire(newToken ?? token);
    }
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await sendWithSession(path, options);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    return body as T;
  }

  /** A file behind the bearer token (a plain link cannot carry it), refreshed like any other call. */
  async function download(
    path: string,
    options: Omit<RequestOptions, 'method' | 'body'> = {},
  ): Promise<DownloadedFile> {
    const response = await sendWithSession(path, { accept: '*/*', ...options, method: 'GET' });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return {
      blob: await response.blob(),
      filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
    };
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
    download,
  };
}
