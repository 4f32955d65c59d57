import { createApiClient, type ApiClientDeps } from './api-client';

/** What the client needs of a session: its tokens, where renewed tokens go, and what to do once it has expired. */
export type ApiSession = Pick<ApiClientDeps, 'getSession' | 'saveTokens' | 'onSessionExpired'>;

/** No session at all: nothing is sent, saved or ended. */
const NO_SESSION: ApiSession = {
  getSession: () => ({ accessToken: null, refreshToken: null, role: null }),
  saveTokens: () => undefined,
  onSessionExpired: () => undefined,
};

let session: ApiSession = NO_SESSION;

/**
 * The web app's one API client: features, shared components and hooks all call the API through it. It calls as the
 * signed-in user once the app has connected the session (`app/api-session.ts`, done by AppProviders); until then it is
 * anonymous, which is what the public quote page wants: its own entry connects no session, so a prospect's look-ups
 * carry no token and its bundle none of the app's session code.
 */
export const api = createApiClient({
  getSession: () => session.getSession(),
  saveTokens: (tokens) => session.saveTokens(tokens),
  onSessionExpired: (target) => session.onSessionExpired(target),
});

export function connectApiSession(next: ApiSession): void {
  session = next;
}

/** The signed-in session's access token, for what cannot go through the client (a WebSocket's first message). */
export function sessionAccessToken(): string | null {
  return session.getSession().accessToken;
}
