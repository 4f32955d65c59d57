import { randomUUID } from 'node:crypto';
import {
  APP_PATHS,
  AUTH_MESSAGES,
  isStaffRole,
  USER_STATUS,
  type LoginInput,
  type Role,
  type ResetPasswordInput,
  type TokenPair,
} from '@lawn/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { SIGN_IN_DOORS } from '../../db/schema';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { signAccessToken } from '../../tokens/access-token';
import * as repo from './auth.repo';
import { passwordResetEmail } from './password-reset-email';
import { hashPassword, unusablePasswordHash, verifyPassword } from './password';
import { createSecretToken, hashSecretToken, successorSecretToken } from './secret-token';
import { secondsUntilNextAttempt, SignInWaitError } from './sign-in-delay';

export type AuthServiceDeps = {
  db: Database;
  config: Config;
  jobs: Pick<JobQueue, 'enqueue'>;
};

/**
 * How long after a refresh token is spent presenting it again still answers the same new pair rather than ending the
 * session as a replay: long enough for two tabs refreshing at once or a retried request, short enough that a token
 * stolen later is still caught.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** The window of the limit of reset e-mails per address (`passwordResetMailsPerHour`). */
const RESET_MAIL_WINDOW_MINUTES = 60;

/**
 * Which sign-in a request came through: the staff back office (/login) or the customer web account (/web/login). Each
 * door lets in its own accounts only, and a customer's links lead to the customer pages.
 */
export type SignInDoor = (typeof SIGN_IN_DOORS)[number];

/** The sign-in an account belongs to: customers sign in to their web account, everyone else to the back office. */
function doorOf(role: Role): SignInDoor {
  return role === 'customers' ? 'customers' : 'staff';
}

const RESET_PAGE_PATHS: Record<SignInDoor, string> = {
  staff: APP_PATHS.resetPassword,
  customers: APP_PATHS.webResetPassword,
};

/**
 * Makes a new reset (or set-your-password) link for a user, valid for `validMinutes`, and answers it. Only the newest
 * link works: making one spends the unused ones. The token is stored as a hash only, with the door of the account's
 * own sign-in: the link opens that door's reset page, and only that door's reset accepts the token, so a staff
 * account's link never sets a password through the customer pages, nor a customer's through the back office.
 */
export async function issuePasswordLink(
  { db, config }: { db: Database; config: Config },
  user: { id: number; role: Role },
  validMinutes: number,
): Promise<string> {
  const now = new Date();
  const token = createSecretToken();
  const door = doorOf(user.role);
  await db.transaction(async (tx) => {
    await repo.spendOpenPasswordResetTokens(tx, user.id, now);
    await repo.insertPasswordResetToken(tx, {
      userId: user.id,
      tokenHash: hashSecretToken(token),
      door,
      expiresAt: new Date(now.getTime() + validMinutes * MINUTE),
    });
  });
  return `${config.appUrl}${RESET_PAGE_PATHS[door]}?token=${encodeURIComponent(token)}`;
}

/**
 * Mails a reset link to the active account of the address, if there is one (the password-reset job). The token is
 * made, stored as a hash and mailed here, in the job, so it never sits in the queue's payload; only the newest link
 * works. A retry after a failed mail makes a new link, which spends the unsent one. Asked at the customer door, only a
 * customer account gets a link: a staff address there is answered like an unknown one.
 */
export async function sendPasswordResetLink(
  { db, config, mailer }: { db: Database; config: Config; mailer: Pick<Mailer, 'send'> },
  emailInput: string,
  door: SignInDoor = 'staff',
): Promise<void> {
  const user = await repo.findUserCredentialsByEmail(db, emailInput.toLowerCase());
  if (!user || user.status !== USER_STATUS.active) return;
  if (door === 'customers' && user.role !== 'customers') return;
  const link = await issuePasswordLink({ db, config }, user, config.passwordResetTtlMinutes);
  await mailer.send({
    to: user.email,
    ...passwordResetEmail({ firstName: user.firstName, link, validMinutes: config.passwordResetTtlMinutes }),
  });
}

/**
 * The customers-role account of a customer's address: the existing one, or a new one whose password nobody knows yet
 * (the customer chooses it through a set-your-password link). Null when the address belongs to a staff account: a
 * customer page must never sign anyone in to it. Works inside the caller's transaction.
 */
export async function ensureCustomerAccount(
  executor: Executor,
  person: { email: string; firstName: string; lastName: string },
): Promise<{ id: number; role: Role } | null> {
  const email = person.email.trim().toLowerCase();
  const existing = await repo.findUserCredentialsByEmail(executor, email);
  if (existing) return existing.role === 'customers' ? { id: existing.id, role: existing.role } : null;
  const id = await repo.insertCustomerUser(executor, { ...person, email, passwordHash: await unusablePasswordHash() });
  if (id !== null) return { id, role: 'customers' };
  // Added by someone else a moment ago: answer that account the same way.
  const raced = await repo.findUserCredentialsByEmail(executor, email);
  return raced?.role === 'customers' ? { id: raced.id, role: raced.role } : null;
}

/**
 * Whether a staff account signs in with this e-mail address (any letter case): such an address cannot become a
 * customer's web sign-in, so a customer cannot be given it.
 */
export async function isStaffEmail(executor: Executor, email: string): Promise<boolean> {
  const existing = await repo.findUserCredentialsByEmail(executor, email.trim());
  return existing !== undefined && existing.role !== 'customers';
}

/**
 * The stored hash of a password the office typed for a user, or of no password at all (''): an account nobody can sign
 * in to until its user chooses a password through a set-your-password link.
 */
export function passwordHashOf(password: string): Promise<string> {
  return password === '' ? unusablePasswordHash() : hashPassword(password);
}

/** Replaces a user's password with one the office typed, in the caller's transaction. */
export async function replacePassword(executor: Executor, userId: number, passwordHash: string): Promise<void> {
  await repo.updatePasswordHash(executor, userId, passwordHash);
}

/**
 * Ends every session of a user (deactivation, a password the office changed): their refresh tokens stop working, and
 * their access tokens fail at the next request, which checks the session is still live.
 */
export async function endAllSessions(executor: Executor, userId: number): Promise<void> {
  await repo.revokeAllRefreshTokens(executor, userId, new Date());
}

/** How every stored password is hashed (users created outside sign-up: the demo data, tests). */
export { hashPassword } from './password';

/**
 * Keeps the sign-in tables small (the daily clean-up job): removes the attempts, reset links and sessions that no rule
 * looks at any more, and says how many of each went.
 */
export function cleanUpAuthRecords(db: Executor, now: Date) {
  return repo.deleteStaleAuthRecords(db, now);
}

export function createAuthService({ db, config, jobs }: AuthServiceDeps) {
  /** The pair of a refresh token; the access token is signed as of `issuedAt`, so the same inputs give the same pair. */
  async function tokenPair(
    user: { id: number; role: Role },
    familyId: string,
    refreshToken: string,
    issuedAt: Date,
  ): Promise<TokenPair> {
    const accessToken = await signAccessToken(
      { userId: user.id, role: user.role, sessionId: familyId },
      config.jwtSecret,
      config.accessTokenTtlSeconds,
      issuedAt,
    );
    return { accessToken, refreshToken, expiresIn: config.accessTokenTtlSeconds, authType: 'Bearer' };
  }

  /** Stores a new refresh token (only its hash) in the family and answers its pair. */
  async function issueTokens(
    executor: Executor,
    user: { id: number; role: Role },
    familyId: string,
    issuedAt: Date,
    refreshToken = createSecretToken(),
  ): Promise<TokenPair> {
    await repo.insertRefreshToken(executor, {
      userId: user.id,
      familyId,
      tokenHash: hashSecretToken(refreshToken),
      expiresAt: new Date(issuedAt.getTime() + config.refreshTokenTtlDays * DAY),
    });
    return tokenPair(user, familyId, refreshToken, issuedAt);
  }

  /** The longer of the waits the address and the IP address owe after their recent failures (0: none). */
  async function secondsToWait(email: string, ip: string | undefined): Promise<number> {
    const windowMinutes = config.loginFailureWindowMinutes;
    const byAddress = await repo.findRecentFailures(db, { email }, windowMinutes);
    const addressWait = secondsUntilNextAttempt(byAddress, config.loginMaxFailuresPerEmail, byAddress.now);
    if (!ip) return addressWait;
    const byIp = await repo.findRecentFailures(db, { ip }, windowMinutes);
    return Math.max(addressWait, secondsUntilNextAttempt(byIp, config.loginMaxFailuresPerIp, byIp.now));
  }

  return {
    /**
     * Signs a user in through a door: staff to the back office, customers to their web account. Checks first whether
     * the address or the IP address must still wait after repeated failures (so a waiting address cannot be probed,
     * even with the right password), then the password, always spending argon2 time so unknown addresses answer as
     * slowly as known ones; then the account: active, and of a role this door lets in.
     */
    async login(input: LoginInput, context: { ip: string | undefined; door?: SignInDoor }): Promise<TokenPair> {
      const door = context.door ?? 'staff';
      const email = input.email.toLowerCase();
      const now = new Date();
      const wait = await secondsToWait(email, context.ip);
      if (wait > 0) throw new SignInWaitError(wait);
      const user = await repo.findUserCredentialsByEmail(db, email);
      const isValid = await verifyPassword(user?.passwordHash, input.password);
      // The customer door answers a staff account exactly like a wrong password, and counts it as a failure too, so
      // it cannot be used to find out which addresses belong to staff.
      const isWrongDoorForStaff = door === 'customers' && user !== undefined && user.role !== 'customers';
      if (!user || !isValid || isWrongDoorForStaff) {
        await repo.recordLoginAttempt(db, { email, ip: context.ip, succeeded: false });
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      if (user.status !== USER_STATUS.active) throw forbidden(AUTH_MESSAGES.inactiveUser);
      // The back office is for staff: a customer account is refused with a plain message, not as wrong credentials.
      // Only someone who knows the account's password learns what kind of account it is, and the customer learns
      // to use the customer sign-in instead of retrying a password that is right.
      if (door === 'staff' && !isStaffRole(user.role)) throw forbidden(AUTH_MESSAGES.notStaff);
      return db.transaction(async (tx) => {
        await repo.recordLoginAttempt(tx, { email, ip: context.ip, succeeded: true });
        return issueTokens(tx, user, randomUUID(), now);
      });
    },

    /**
     * Rotates a refresh token: the presented one is spent and a new pair is issued in the same family, in one
     * transaction holding the token's row, so concurrent refreshes of one token take turns.
     *
     * The successor is derived from the presented token with the server secret. Presented again within
     * REFRESH_REUSE_GRACE_SECONDS of being spent (two tabs refreshing at once, a request retried after its answer was
     * lost), the token is answered the same pair, its successor found again by its hash. Presented later, a spent
     * token means it leaked, so the whole family (including the newest token) is revoked; so is an expired one's or a
     * disabled user's.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const pair = await db.transaction(async (tx): Promise<TokenPair | null> => {
        const token = await repo.lockRefreshToken(tx, hashSecretToken(refreshToken), REFRESH_REUSE_GRACE_SECONDS);
        if (!token || token.revokedAt) return null;
        const user = { id: token.userId, role: token.role };
        const successor = successorSecretToken(refreshToken, config.jwtSecret);
        const isLive = token.expiresAt > new Date() && token.status === USER_STATUS.active;
        if (isLive && !token.usedAt) {
          const usedAt = await repo.markRefreshTokenUsed(tx, token.id);
          return issueTokens(tx, user, token.familyId, usedAt, successor);
        }
        if (isLive && token.usedAt && token.isWithinReuseGrace) {
          const next = await repo.findRefreshToken(tx, hashSecretToken(successor));
          if (next?.familyId === token.familyId && !next.revokedAt) {
            return tokenPair(user, token.familyId, successor, token.usedAt);
          }
        }
        await repo.revokeRefreshFamily(tx, token.familyId, new Date());
        return null;
      });
      if (!pair) throw unauthorized();
      return pair;
    },

    /** Ends the session the refresh token belongs to. Unknown or already revoked tokens are fine (idempotent). */
    async logout(refreshToken: string): Promise<void> {
      const token = await repo.findRefreshToken(db, hashSecretToken(refreshToken));
      if (token) await repo.revokeRefreshFamily(db, token.familyId, new Date());
    },

    /**
     * Asks for a reset link and answers at once: the request only queues the address, and the password-reset job looks
     * it up, makes the link and mails it. Known and unknown addresses therefore do the same work before the answer,
     * so its timing says nothing about whether the address has an account.
     *
     * An address gets at most `passwordResetMailsPerHour` reset e-mails an hour, asked at either door (it is one
     * inbox), counted in the database for every app instance. A request over the limit queues nothing and is answered
     * the same, so nobody can flood an inbox, or the reset queue everyone's links wait in, and the limit tells nothing
     * about the address either: unknown addresses are counted alike.
     */
    async recoverPassword(emailInput: string, door: SignInDoor = 'staff'): Promise<void> {
      const email = emailInput.toLowerCase();
      await db.transaction(async (tx) => {
        await repo.lockPasswordResetRequestsOf(tx, email);
        const recent = await repo.countRecentPasswordResetRequests(tx, email, RESET_MAIL_WINDOW_MINUTES);
        if (recent >= config.passwordResetMailsPerHour) return;
        await repo.recordPasswordResetRequest(tx, email);
        // Queued before the count commits: a request that could not be queued is not counted.
        await jobs.enqueue('password-reset', door === 'staff' ? { email: emailInput } : { email: emailInput, door });
      });
    },

    /**
     * Sets the new password, spends the link and signs out every session of the user, all or nothing. A link made for
     * the other door is answered like an unknown one, and stays valid at its own door.
     */
    async resetPassword(input: ResetPasswordInput, door: SignInDoor): Promise<void> {
      const now = new Date();
      const invalid = () =>
        badRequest(AUTH_MESSAGES.resetTokenInvalid, { password_token: [AUTH_MESSAGES.resetTokenInvalid] });
      const token = await repo.findPasswordResetToken(db, hashSecretToken(input.password_token));
      if (!token || token.door !== door || token.usedAt || token.expiresAt <= now) throw invalid();
      // Hash outside the transaction: argon2 is deliberately slow and must not hold locks.
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await repo.markPasswordResetTokenUsed(tx, token.id, now))) throw invalid();
        await repo.updatePasswordHash(tx, token.userId, passwordHash);
        await repo.revokeAllRefreshTokens(tx, token.userId, now);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
