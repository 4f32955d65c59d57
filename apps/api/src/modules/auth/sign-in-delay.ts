import { AUTH_MESSAGES } from '@lawn/shared';
import { HttpError } from '../../http/errors';

/**
 * How long sign-ins wait after repeated failures. A fixed lock (5 failures locked the address for 15 minutes, even for
 * the right password) let anyone lock anyone out by mistyping on purpose. Instead, once an address (or an IP address)
 * has used up its free failures, each further attempt must wait after the latest failure: 16 seconds, then twice as
 * long after each further failure, never more than 5 minutes. Guessing slows to a crawl, while the owner of an
 * address someone is attacking waits 5 minutes at most. Attempts refused for waiting are not failures: they check no
 * password and do not lengthen the wait.
 */
export const SIGN_IN_WAIT = { firstSeconds: 16, maxSeconds: 5 * 60 } as const;

/** Failures of an address or an IP address within the counting window, and when the latest one happened. */
export type RecentFailures = { failures: number; lastFailureAt: Date | null };

/** The wait after `failures` failures, of which `freeFailures` cost none. */
export function waitAfterFailures(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  const doublings = failures - freeFailures;
  // 16 * 2^5 already passes the cap; bounding the exponent keeps the arithmetic finite for any count.
  return Math.min(SIGN_IN_WAIT.maxSeconds, SIGN_IN_WAIT.firstSeconds * 2 ** Math.min(doublings, 16));
}

/** Whole seconds until another attempt may be made (0: now), as a Retry-After header says it. */
export function secondsUntilNextAttempt(recent: RecentFailures, freeFailures: number, now: Date): number {
  const wait = waitAfterFailures(recent.failures, freeFailures);
  if (wait === 0 || recent.lastFailureAt === null) return 0;
  const remainingMs = recent.lastFailureAt.getTime() + wait * 1000 - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/** A sign-in refused until its wait is over: 429 with the seconds to wait, which the route sends as Retry-After. */
export class SignInWaitError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.tooManyAttempts);
    this.name = 'SignInWaitError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
