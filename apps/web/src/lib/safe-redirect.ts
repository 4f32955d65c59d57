import { APP_PATHS } from '@lawn/shared';

const DEFAULT_SIGNED_IN_PATH = APP_PATHS.dashboard;

/** Only same-site paths: a crafted `from` must never send a fresh session to another host. */
export function safeRedirectPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (from === APP_PATHS.login || from.startsWith(`${APP_PATHS.login}?`)) return DEFAULT_SIGNED_IN_PATH;
  return from;
}
