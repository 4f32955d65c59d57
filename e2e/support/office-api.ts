import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, STAFF } from './sign-in';

/**
 * An access token lives 15 minutes (ACCESS_TOKEN_TTL_SECONDS); a session older than this is replaced by a new sign-in
 * before it is used, so nothing a test does meets an expired token and no refresh is ever needed.
 */
export const SESSION_REUSE_MS = 10 * 60_000;

/** The office's API as the demo Admin, for set-up and checks a spec makes beside the browser. */
export type OfficeApi = {
  /** The `data` of a GET that must succeed. */
  get: <T>(url: string) => Promise<T>;
  /** Any call, with the Admin's bearer header added; the caller checks the answer. */
  fetch: (
    url: string,
    options?: { method?: string; data?: unknown; headers?: Record<string, string> },
  ) => Promise<APIResponse>;
};

/** Fails with the URL, status and body of an answer that is not 2xx. */
export async function expectOk(response: APIResponse): Promise<void> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** The office's API on `request`, signed in through POST /api/auth/login as the demo Admin (again when due). */
export function officeApi(request: APIRequestContext): OfficeApi {
  let session: { headers: Promise<Record<string, string>>; signedInAt: number } | undefined;
  const headers = () => {
    if (!session || Date.now() - session.signedInAt > SESSION_REUSE_MS) {
      session = { headers: signInToApi(request), signedInAt: Date.now() };
    }
    return session.headers;
  };
  const fetch: OfficeApi['fetch'] = async (url, options = {}) =>
    request.fetch(url, {
      method: options.method ?? 'GET',
      ...(options.data === undefined ? {} : { data: options.data }),
      headers: { ...(await headers()), ...options.headers },
    });
  return {
    fetch,
    async get<T>(url: string) {
      const response = await fetch(url);
      await expectOk(response);
      return ((await response.json()) as { data: T }).data;
    },
  };
}

async function signInToApi(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: STAFF.admin, password: DEMO_PASSWORD } });
  await expectOk(response);
  const { accessToken } = ((await response.json()) as { data: { accessToken: string } }).data;
  return { authorization: `Bearer ${accessToken}` };
}
