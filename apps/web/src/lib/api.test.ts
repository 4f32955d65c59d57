import { describe, expect, it, vi } from 'vitest';
import { api, connectApiSession } from './api';

/** The Authorization header of each call the client made. */
function recordAuthorization(): (string | null)[] {
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('Authorization'));
      return new Response(JSON.stringify({ data: null }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

describe('the API client', () => {
  it('calls anonymously until a session is connected (the public quote page connects none), then as its user', async () => {
    const sent = recordAuthorization();
    await api.get('/web/states');
    connectApiSession({
      getSession: () => ({ accessToken: 'access-1', refreshToken: 'refresh-1', role: 'Manager' }),
      saveTokens: () => undefined,
      onSessionExpired: () => undefined,
    });
    await api.get('/me');
    expect(sent).toEqual([null, 'Bearer access-1']);
  });
});
