import {
  USER_HISTORY_FIELDS,
  USER_MESSAGES,
  USER_STATUS,
  VALIDATION_MESSAGES,
  type BbCrewRow,
  type Role,
  type UserCreate,
  type UserDetail,
  type UserHistoryAction,
  type UserHistoryEntry,
  type UserSummary,
  type UserUpdate,
} from '@lawn/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { endAllSessions, issuePasswordLink, passwordHashOf, replacePassword } from '../auth/auth.service';
import { staffInvitationEmail } from './staff-invitation-email';
import * as historyRepo from './user-history.repo';
import * as repo from './users.repo';

const HOUR_MINUTES = 60;

/** The active users of these roles: whom a message for a role reaches. */
export const activeUserIdsWithRoles = (executor: Executor, roles: readonly Role[]): Promise<number[]> =>
  repo.findActiveUserIdsWithRoles(executor, roles);

/** The crew numbers among these that a crew user carries (a payment can only be for a crew that exists). */
export const existingCrewNumbers = (executor: Executor, crewNumbers: readonly number[]): Promise<Set<number>> =>
  repo.findExistingCrewNumbers(executor, crewNumbers);

/**
 * Mails a new user the link that sets their password (the staff-invitation job), valid for the configured hours. Only
 * the newest link works; a user deactivated meanwhile is not mailed.
 */
export async function sendStaffInvitation(
  { db, config, mailer }: { db: Database; config: Config; mailer: Pick<Mailer, 'send'> },
  userId: number,
): Promise<void> {
  const user = await repo.findUserDetail(db, userId);
  // Not visible yet: the transaction that created the user has not committed. Failing lets the queue try again.
  if (!user) throw new Error('the invited user is not there yet');
  if (user.status !== USER_STATUS.active || user.role === 'customers') return;
  const validHours = config.webInvitationTtlHours;
  const link = await issuePasswordLink({ db, config }, user, validHours * HOUR_MINUTES);
  await mailer.send({
    to: user.email,
    ...staffInvitationEmail({ firstName: user.firstName, email: user.email, link, validHours }),
  });
}

/** What a new account carries besides its names, address and password. */
type NewAccount = Pick<UserCreate, 'firstName' | 'lastName' | 'email' | 'password'> & {
  role: Role;
  crewNumber?: number | null;
  serviceMarketId?: number | null;
};

/** What an edit changes; an empty password keeps the current one. */
type AccountEdit = Pick<UserUpdate, 'firstName' | 'lastName' | 'version'> & {
  password?: string;
  role?: Role;
  status?: number;
  crewNumber?: number | null;
  serviceMarketId?: number | null;
};

export type SavedUser = { user: UserDetail; invited: boolean };

type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The recorded fields that differ between two states of an account (`before` null: it was just made). */
function accountChanges(before: UserDetail | null, after: UserDetail): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of USER_HISTORY_FIELDS) {
    const from = before === null ? null : before[field];
    if (from !== after[field]) changes[field] = { from, to: after[field] };
  }
  return changes;
}

/** An edit that switches the sign-in off or on says so; any other is an update. */
function editAction(before: UserDetail, after: UserDetail): UserHistoryAction {
  if (before.status === USER_STATUS.active && after.status !== USER_STATUS.active) return 'deactivated';
  if (before.status !== USER_STATUS.active && after.status === USER_STATUS.active) return 'reactivated';
  return 'updated';
}

type UsersServiceDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Whether a market exists (a B&B crew member works in one). */
  marketExists: (id: number) => Promise<boolean>;
};

export function createUsersService({ db, jobs, marketExists }: UsersServiceDeps) {
  /** A B&B crew member's market must be one of the listed ones. */
  async function requireMarket(id: number | null | undefined): Promise<void> {
    if (id === null || id === undefined || (await marketExists(id))) return;
    throw badRequest(VALIDATION_MESSAGES.choose, { serviceMarketId: [VALIDATION_MESSAGES.choose] });
  }

  /**
   * Adds an account. Without a typed password nobody can sign in to it until its user sets one through the
   * set-your-password e-mail queued in the same transaction (the job waits for the commit).
   */
  async function create(input: NewAccount, actorId: number): Promise<SavedUser> {
    const { password, ...values } = input;
    await requireMarket(values.serviceMarketId);
    // Hash outside the transaction: argon2 is deliberately slow and must not hold locks.
    const passwordHash = await passwordHashOf(password);
    return db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, { ...values, passwordHash });
      if (!user) throw badRequest(USER_MESSAGES.emailTaken, { email: [USER_MESSAGES.emailTaken] });
      const invited = password === '';
      if (invited) await jobs.enqueue('staff-invitation', { userId: user.id });
      await historyRepo.insertUserHistory(tx, {
        userId: user.id,
        action: 'created',
        changes: accountChanges(null, user),
        isPasswordChanged: !invited,
        changedBy: actorId,
      });
      return { user, invited };
    });
  }

  /**
   * Edits an account from the version the editor read (409 when it changed since). Deactivating ends the user's
   * sessions at once; so does a new password. Nobody deactivates themselves (they would lock themselves out).
   * `kind` keeps each page to its own accounts: the Users page never turns a crew member into an Admin.
   */
  async function update(
    id: number,
    input: AccountEdit,
    actorId: number,
    isOfKind: (user: UserDetail) => boolean,
  ): Promise<SavedUser> {
    const { password = '', version, ...values } = input;
    if (values.status === USER_STATUS.inactive && id === actorId) {
      throw badRequest(USER_MESSAGES.ownAccount, { status: [USER_MESSAGES.ownAccount] });
    }
    await requireMarket(values.serviceMarketId);
    const passwordHash = password === '' ? null : await passwordHashOf(password);
    const user = await db.transaction(async (tx) => {
      const current = await repo.lockUserDetail(tx, id);
      if (!current || !isOfKind(current)) throw notFound(USER_MESSAGES.notFound);
      if (current.version !== version) throw conflict(USER_MESSAGES.stale);
      const updated = await repo.updateUser(tx, id, values);
      if (passwordHash !== null) await replacePassword(tx, id, passwordHash);
      const action = editAction(current, updated);
      if (action === 'deactivated' || passwordHash !== null) await endAllSessions(tx, id);
      const changes = accountChanges(current, updated);
      if (Object.keys(changes).length > 0 || passwordHash !== null) {
        await historyRepo.insertUserHistory(tx, {
          userId: id,
          action,
          changes,
          isPasswordChanged: passwordHash !== null,
          changedBy: actorId,
        });
      }
      return updated;
    });
    return { user, invited: false };
  }

  async function read(id: number, isOfKind: (user: UserDetail) => boolean): Promise<UserDetail> {
    const user = await repo.findUserDetail(db, id);
    if (!user || !isOfKind(user)) throw notFound(USER_MESSAGES.notFound);
    return user;
  }

  /** The account's changes, newest first; 404 for a customer's sign-in (its changes are in the customer's history). */
  async function history(id: number): Promise<UserHistoryEntry[]> {
    const user = await repo.findUserDetail(db, id);
    if (!user || user.role === 'customers') throw notFound(USER_MESSAGES.notFound);
    return historyRepo.listUserHistory(db, id);
  }

  return {
    /**
     * The user behind an access token, if still active and the token's session still live: a disabled user, a
     * logout, a detected refresh-token reuse or a password reset loses access at the next request, on every process.
     */
    findSessionUser: repo.prepareFindSessionUser(db),
    list: (query: ListQuery): Promise<ListResult<UserSummary>> => repo.listUsers(db, query),
    listBbCrews: (query: ListQuery): Promise<ListResult<BbCrewRow>> => repo.listBbCrews(db, query),
    read,
    create,
    update,
    history,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
