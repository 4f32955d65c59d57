import { isSelfEndingTarget } from '../lib/api-client';
import { connectApiSession } from '../lib/api';
import { appStore, resetAppState, saveTokens } from '../lib/app-store';
import { navigateTo } from './navigator';
import { queryClient } from './query-client';

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Makes the API client call as the signed-in user: its tokens, their renewal, and where an expired session goes. */
export function connectApiToSession(): void {
  connectApiSession({
    getSession: () => {
      const { accessToken, refreshToken, role, signInPath } = appStore.getState().user;
      return { accessToken, refreshToken, role, signInPath };
    },
    saveTokens: (tokens) => saveTokens(tokens),
    onSessionExpired: (target) => {
      void navigateTo(target, { from: currentPath() });
      // /login?et=1 (and /web/login?et=1) ends the session itself once the protected screen is gone. Dropping it here
      // would re-render that screen first, and its guard would send the user to the plain login
      // page (losing the notice) before this navigation lands.
      if (isSelfEndingTarget(target)) return;
      resetAppState();
      queryClient.clear();
    },
  });
}
