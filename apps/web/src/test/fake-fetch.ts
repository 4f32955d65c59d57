import { vi } from 'vitest';

/** What the fake server sees of a call. `path` has the /api prefix removed. */
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
  idempotencyKey: string | null;
};

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global fetch (the browser's boundary to the API) for one test. Unhandled calls
 * answer 404 so a test never reaches a network.
 */
export function installFakeFetch(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      // A FormData (a file upload) is kept as sent; anything else is JSON.
      body:
        init?.body instanceof FormData
          ? init.body
          : init?.body
            ? (JSON.parse(String(init.body)) as unknown)
            : undefined,
      authorization: new Headers(init?.headers).get('Authorization'),
      idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/**
 * The calls a page made besides reading the public settings: every public and customer page reads them once for the
 * office's phone at its foot (OfficeContact).
 */
export function withoutPublicSettings(requests: readonly FakeRequest[]): FakeRequest[] {
  return requests.filter((request) => request.path !== '/web/sign-up-settings');
}
