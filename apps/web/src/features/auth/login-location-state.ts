/** What other screens hand to /login through route state. */
export type LoginLocationState = {
  /** Success banner, e.g. after a password reset. */
  message?: string;
  /** Where to go after signing in. */
  from?: string;
  /** Set by the Logout menu item: the login page ends the session once the shell is gone. */
  isSignedOut?: boolean;
  /** Set after `?et=1` was handled, to keep the notice while the query is dropped. */
  isSessionExpired?: boolean;
};

export function readLoginState(state: unknown): LoginLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  return {
    message: typeof record.message === 'string' ? record.message : undefined,
    from: typeof record.from === 'string' ? record.from : undefined,
    isSignedOut: record.isSignedOut === true,
    isSessionExpired: record.isSessionExpired === true,
  };
}
