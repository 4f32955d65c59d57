import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { users } from './users';

/**
 * The two sign-ins: the staff back office and the customer web account. Each lets in its own accounts only, and a
 * password-reset link works at the door it was made for only.
 */
export const SIGN_IN_DOORS = ['staff', 'customers'] as const;

/**
 * One row per issued refresh token. A sign-in starts a family; every refresh marks the presented token used and
 * adds the next one to the same family, so presenting a used token again reveals theft and revokes the family.
 * Only the SHA-256 of the token is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

/**
 * Single-use password-reset links; only the SHA-256 of the token is stored. `door` is the sign-in whose reset page the
 * link opens: only that door's reset accepts the token.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    door: text('door', { enum: SIGN_IN_DOORS }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('password_reset_tokens_user_idx').on(table.userId),
    check('password_reset_tokens_door_check', sql`${table.door} in (${sqlList(SIGN_IN_DOORS)})`),
  ],
);

/**
 * Sign-in attempts per e-mail address and IP address. Kept in the database rather than in memory so the waits after
 * repeated failures (per address and per IP) hold across several app instances; each sign-in reads both indexes.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: varchar('email', { length: 255 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_time_idx').on(table.email, table.attemptedAt),
    index('login_attempts_ip_time_idx').on(table.ip, table.attemptedAt),
  ],
);

/**
 * Password-reset e-mails asked for, per address (lower case), at either door. Kept in the database so the limit of
 * reset mails per address and hour holds across several app instances; requests over the limit are not recorded.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: varchar('email', { length: 255 }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_requests_email_time_idx').on(table.email, table.requestedAt)],
);
