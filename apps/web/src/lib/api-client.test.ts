import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createApiClient, filenameFromContentDisposition, type SessionTokens } from './api-client';

type Call = { url: string; method: string; authorization: string | null; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const tokens = (n: number) => ({
  data: { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn: 900, authType: 'Bearer' },
});

/** A fake server: valid access token is whatever `state.validToken` says. */
function setup(session: Partial<SessionTokens> = {}, refreshAnswer: () => Response = () => json(200, tokens(2))) {
  const current: SessionTokens = { accessToken: 'access-1', refreshToken: 'refresh-1', role: 'Manager', ...session };
  const calls: Call[] = [];
  const state = { validToken: 'access-2' };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    // Let concurrent callers pile up before anything answers.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url.endsWith('/auth/refresh')) return refreshAnswer();
    if (url.endsWith('/auth/login')) return json(401, { message: 'These credentials do not match our records.' });
    if (headers.get('Authorization') !== `Bearer ${state.validToken}`) return json(401, { message: 'unauthorized' });
    return json(200, { data: { ok: true, url } });
  });
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    fetch: fetch as typeof globalThis.fetch,
    getSession: () => current,
    saveTokens: (pair) => {
      current.accessToken = pair.accessToken;
      current.refreshToken = pair.refreshToken;
    },
    onSessionExpired,
  });
  return { client, calls, current, state, onSessionExpired, fetch };
}

describe('api client', () => {
  it('attaches the bearer token, JSON body and query', async () => {
    const { client, calls, state } = setup();
    state.validToken = 'access-1';
    await client.patch('/notifications', { ids: [1, 2] }, { query: { 'filter[status]': 1, skip: undefined } });
    expect(calls[0]).toEqual({
      url: '/api/notifications?filter%5Bstatus%5D=1',
      method: 'PATCH',
      authorization: 'Bearer access-1',
      body: { ids: [1, 2] },
    });
  });

  it('sends the Idempotency-Key of a create, and the same key again when the call is retried', async () => {
    const { client, fetch, state } = setup();
    state.validToken = 'access-2';
    await client.post('/customers/1/notes', { typeId: 1 }, { idempotencyKey: 'key-1' });
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    // The first try met an expired token; the retry after the refresh carries the same key.
    expect(keys).toEqual(['key-1', null, 'key-1']);
  });

  it('sends an Idempotency-Key when the write has one', async () => {
    const { client, fetch, state } = setup();
    state.validToken = 'access-1';
    await client.patch('/customers/4/update-credit-card', { paymentOption: 1 }, { idempotencyKey: 'key-1' });
    await client.patch('/customers/4/update-credit-card', { paymentOption: 1 });
    const headersOf = (call: number) => new Headers(fetch.mock.calls[call]?.[1]?.headers);
    expect(headersOf(0).get('Idempotency-Key')).toBe('key-1');
    expect(headersOf(1).has('Idempotency-Key')).toBe(false);
  });

  it('sends a FormData as it is, leaving its multipart Content-Type to the browser, also on the retry', async () => {
    const { client, calls, fetch } = setup();
    const form = new FormData();
    form.append('files', new File(['png'], 'gate.png', { type: 'image/png' }));
    await client.post('/customers/1/notes/2/attachments', form, { idempotencyKey: 'key-2' });
    const sent = calls.filter((call) => call.url.endsWith('/attachments'));
    expect(sent.map((call) => call.body)).toEqual([form, form]);
    const contentTypes = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('Content-Type'));
    expect(contentTypes).toEqual([null, 'application/json', null]);
  });

  it('refreshes once on a 401 and retries the call with the new token', async () => {
    const { client, calls, current } = setup();
    const result = await client.get<{ data: { ok: boolean } }>('/me');
    expect(result.data.ok).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.url} ${call.authorization ?? ''}`.trim())).toEqual([
      'GET /api/me Bearer access-1',
      'POST /api/auth/refresh',
      'GET /api/me Bearer access-2',
    ]);
    expect(calls[1]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(current).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { client, calls } = setup();
    await Promise.all([client.get('/me'), client.get('/notifications'), client.get('/customers')]);
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(calls.filter((call) => call.authorization === 'Bearer access-2')).toHaveLength(3);
  });

  it.each([
    ['staff', 'Manager', '/login?et=1'],
    ['customers', 'customers', '/external-account-number'],
  ])('ends a %s session when the refresh is refused', async (_name, role, target) => {
    const { client, onSessionExpired } = setup({ role }, () => json(401, { message: 'unauthorized' }));
    const error = await client.get('/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, body: { message: 'unauthorized' } });
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith(target);
  });

  it('ends a customer web-account session at the customer sign-in', async () => {
    const { client, onSessionExpired } = setup({ role: 'customers', signInPath: '/web/login' }, () =>
      json(401, { message: 'unauthorized' }),
    );
    await client.get('/customer/payment-methods').catch(() => undefined);
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith('/web/login?et=1');
  });

  it('treats a 401 from the customer sign-in as wrong credentials too', async () => {
    const { client, onSessionExpired, calls } = setup({ role: 'customers', signInPath: '/web/login' });
    await expect(client.post('/web/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toEqual([]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session once when several calls fail together', async () => {
    const { client, onSessionExpired, calls } = setup({}, () => json(401, { message: 'unauthorized' }));
    await Promise.allSettled([client.get('/me'), client.get('/notifications')]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('keeps the session when the refresh fails for a server reason', async () => {
    const { client, onSessionExpired } = setup({}, () => json(503, { message: 'Service unavailable' }));
    await expect(client.get('/me')).rejects.toMatchObject({ status: 503 });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('treats a 401 from login as wrong credentials, not as an expired session', async () => {
    const { client, calls, onSessionExpired } = setup();
    await expect(client.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
      body: { message: 'These credentials do not match our records.' },
    });
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('never refreshes a call made with an explicit token', async () => {
    const { client, calls, onSessionExpired } = setup();
    await expect(client.get('/me', { token: 'other' })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBe('Bearer other');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('returns plain-text error bodies as strings', async () => {
    const fetch = vi.fn(async () => new Response('Bad gateway', { status: 502 }));
    const client = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getSession: () => ({ accessToken: null, refreshToken: null, role: null }),
      saveTokens: vi.fn(),
      onSessionExpired: vi.fn(),
    });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 502, body: 'Bad gateway' });
  });
});

describe('download', () => {
  it('refreshes an expired token and answers the file with its suggested name', async () => {
    const session: SessionTokens = { accessToken: 'access-1', refreshToken: 'refresh-1', role: 'Manager' };
    const seen: (string | null)[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (String(input).endsWith('/auth/refresh')) return json(200, tokens(2));
      seen.push(headers.get('Authorization'));
      if (headers.get('Authorization') !== 'Bearer access-2') return json(401, { message: 'unauthorized' });
      return new Response('id,name\n1,Jo', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="march customers.csv"' },
      });
    });
    const client = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getSession: () => session,
      saveTokens: (pair) => Object.assign(session, pair),
      onSessionExpired: vi.fn(),
    });
    const file = await client.download('/reports/4/download');
    expect(seen).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(file.filename).toBe('march customers.csv');
    expect(await file.blob.text()).toBe('id,name\n1,Jo');
  });

  it('throws the API error of a refused download', async () => {
    const fetch = vi.fn(async () => json(409, { message: 'The report is not ready yet' }));
    const client = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getSession: () => ({ accessToken: 'a', refreshToken: null, role: 'Manager' }),
      saveTokens: vi.fn(),
      onSessionExpired: vi.fn(),
    });
    await expect(client.download('/reports/4/download')).rejects.toMatchObject({
      status: 409,
      body: { message: 'The report is not ready yet' },
    });
  });
});

describe('filenameFromContentDisposition', () => {
  it('prefers the encoded filename* and falls back to filename', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.xlsx; filename="x.xlsx"`),
    ).toBe('résumé.xlsx');
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromContentDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});

describe('buildUrl', () => {
  it('keeps bracketed keys and drops empty values', () => {
    expect(buildUrl('/api', '/notifications', { sort: '-date', limit: 50, 'filter[status]': null })).toBe(
      '/api/notifications?sort=-date&limit=50',
    );
  });
});
