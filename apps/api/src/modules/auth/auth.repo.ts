import { and, count, eq, gt, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  loginAttempts,
  passwordResetRequests,
  passwordResetTokens,
  refreshTokens,
  users,
  type SIGN_IN_DOORS,
} from '../../db/schema';

/** The credentials module owns `users.password_hash`: these are the only queries that read or write it. */
export async function findUserCredentialsByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      email: users.email,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/**
 * Adds a customers-role account for an address unless one with that address exists (any role: the address is unique
 * regardless of case). Answers the new account's id, or null when the address was taken.
 */
export async function insertCustomerUser(
  db: Executor,
  person: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<number | null> {
  const [row] = await db
    .insert(users)
    .values({ ...person, role: 'customers' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id ?? null;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Failed sign-ins within the last `windowMinutes`, of an address (not counting those before its latest successful
 * sign-in: the owner proved the password) or of an IP address (all of them: a success with one account must not
 * clear the failures of guessing at others), with the latest failure's time and the database's clock to compare it
 * with, so several app instances measure waits alike.
 */
export async function findRecentFailures(
  db: Executor,
  key: { email: string } | { ip: string },
  windowMinutes: number,
): Promise<{ failures: number; lastFailureAt: Date | null; now: Date }> {
  const conditions = [
    eq(loginAttempts.succeeded, false),
    gt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${windowMinutes})`),
  ];
  if ('email' in key) {
    const lastSuccess = db
      .select({ at: max(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, key.email), eq(loginAttempts.succeeded, true)));
    conditions.push(
      eq(loginAttempts.email, key.email),
      sql`${loginAttempts.attemptedAt} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
    );
  } else {
    conditions.push(eq(loginAttempts.ip, key.ip.slice(0, 64)));
  }
  const [row] = await db
    .select({
      failures: count(),
      lastFailureAt: max(loginAttempts.attemptedAt),
      now: sql`now()`.mapWith(loginAttempts.attemptedAt),
    })
    .from(loginAttempts)
    .where(and(...conditions));
  if (!row) throw new Error('an aggregate answers one row');
  return row;
}

export async function recordLoginAttempt(
  db: Executor,
  attempt: { email: string; ip: string | undefined; succeeded: boolean },
): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ email: attempt.email, ip: attempt.ip?.slice(0, 64) ?? null, succeeded: attempt.succeeded });
}

export async function insertRefreshToken(
  db: Executor,
  token: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      userId: users.id,
      role: users.role,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * The token of a hash with its user, its row locked until the caller's transaction ends, so concurrent refreshes of
 * one token take turns: the second sees what the first did. `isWithinReuseGrace`: it was spent within the last
 * `graceSeconds`, by the database's clock, so several app instances measure the window alike.
 */
export async function lockRefreshToken(tx: Executor, tokenHash: string, graceSeconds: number) {
  const [row] = await tx
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      isWithinReuseGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
      userId: users.id,
      role: users.role,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens });
  return row;
}

/** Spends a token (locked by `lockRefreshToken`) as of the database's clock, and answers when. */
export async function markRefreshTokenUsed(tx: Executor, id: number): Promise<Date> {
  const [row] = await tx
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(refreshTokens.id, id))
    .returning({ usedAt: refreshTokens.usedAt });
  if (!row?.usedAt) throw new Error('a locked refresh token is spent once');
  return row.usedAt;
}

/**
 * Whether the user's sign-in (refresh-token family) is live: revoking a family stamps `revoked_at` on all its tokens,
 * and the clean-up job deletes dead ones, so a live family still has a token without it. Every authenticated request
 * asks this: one read of `refresh_tokens_family_idx`, 0.31 ms median from the client with 410,000 tokens stored
 * (bench/session-check.ts), under the 1 ms the check may cost.
 */
export async function isLiveRefreshFamily(db: Executor, familyId: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

export async function revokeRefreshFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordResetToken(
  db: Executor,
  token: { userId: number; tokenHash: string; door: (typeof SIGN_IN_DOORS)[number]; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Only the newest link works: earlier unused ones are spent when a new one is issued. */
export async function spendOpenPasswordResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function findPasswordResetToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      door: passwordResetTokens.door,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** Spends a reset token unless it was spent concurrently; false means it was. */
export async function markPasswordResetTokenUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return updated.length === 1;
}

/** First key of the two-part advisory locks that serialise the reset requests of one address (the second: its hash). */
const RESET_REQUEST_LOCK_CLASS = 724_312;

/**
 * Makes concurrent reset requests for one address, on any app instance, take turns until the caller's transaction
 * ends, so counting an address's requests and recording a new one cannot interleave. An advisory lock, since there is
 * no row to lock before an address's first request; raw SQL, since the query builder has no call for it.
 */
export async function lockPasswordResetRequestsOf(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RESET_REQUEST_LOCK_CLASS}, hashtext(${email}))`);
}

/** Reset e-mails asked for the address within the last `windowMinutes`, by the database's clock. */
export async function countRecentPasswordResetRequests(
  db: Executor,
  email: string,
  windowMinutes: number,
): Promise<number> {
  const [row] = await db
    .select({ requests: count() })
    .from(passwordResetRequests)
    .where(
      and(
        eq(passwordResetRequests.email, email),
        gt(passwordResetRequests.requestedAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return row?.requests ?? 0;
}

export async function recordPasswordResetRequest(db: Executor, email: string): Promise<void> {
  await db.insert(passwordResetRequests).values({ email });
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Rows no rule looks at any more: sign-in attempts and reset requests older than a day, reset links and sessions dead
 * for a week.
 */
export async function deleteStaleAuthRecords(db: Executor, now: Date) {
  const dayAgo = new Date(now.getTime() - DAY);
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const attempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, dayAgo))
    .returning({ id: loginAttempts.id });
  const resetRequests = await db
    .delete(passwordResetRequests)
    .where(lt(passwordResetRequests.requestedAt, dayAgo))
    .returning({ id: passwordResetRequests.id });
  const resets = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, weekAgo))
    .returning({ id: passwordResetTokens.id });
  const sessions = await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.expiresAt, weekAgo), lt(refreshTokens.revokedAt, weekAgo)))
    .returning({ id: refreshTokens.id });
  return {
    loginAttempts: attempts.length,
    passwordResetRequests: resetRequests.length,
    passwordResetTokens: resets.length,
    refreshTokens: sessions.length,
  };
}
