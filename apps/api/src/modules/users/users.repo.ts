import { USER_STATUS, type BbCrewRow, type Role, type UserDetail, type UserSummary } from '@lawn/shared';
import { and, count, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { markets, refreshTokens, users, type NewUserRow } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  status: users.status,
  crewNumber: users.crewNumber,
  joinDate: users.joinDate,
};

type SummaryRow = Omit<UserSummary, 'fullName'>;

function toSummary(row: SummaryRow): UserSummary {
  return { ...row, fullName: `${row.firstName} ${row.lastName}` };
}

/**
 * The active user of an access token whose session (refresh-token family) is still live, or null: unknown, disabled,
 * signed out, revoked for reuse or a password reset. One statement, prepared once per connection, because every
 * authenticated request runs it before anything else (bench/README.md, customer list throughput).
 */
export function prepareFindSessionUser(db: Database) {
  const statement = db
    .select(summaryColumns)
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.status, USER_STATUS.active),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sql.placeholder('sessionId')),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    )
    .prepare('find_session_user');
  return async (sessionId: string, userId: number): Promise<UserSummary | null> => {
    const [row] = await statement.execute({ sessionId, userId });
    return row ? toSummary(row) : null;
  };
}

export async function findActiveUserIdsWithRoles(db: Executor, roles: readonly Role[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, USER_STATUS.active)))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}

export async function listUsers(db: Executor, query: ListQuery): Promise<ListResult<UserSummary>> {
  const [counted] = await db.select({ total: count() }).from(users).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toSummary) };
}

const detailColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  status: users.status,
  crewNumber: users.crewNumber,
  serviceMarketId: users.serviceMarketId,
  joinDate: users.joinDate,
  version: users.version,
};

export async function findUserDetail(db: Executor, id: number): Promise<UserDetail | undefined> {
  const [row] = await db.select(detailColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Locks a user's row for an edit, so two edits of one version cannot both pass the version check. */
export async function lockUserDetail(tx: Executor, id: number): Promise<UserDetail | undefined> {
  const [row] = await tx.select(detailColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Adds a user unless the address is taken (any letter case); answers the new user, or undefined when taken. */
export async function insertUser(
  db: Executor,
  values: Pick<
    NewUserRow,
    'firstName' | 'lastName' | 'email' | 'role' | 'passwordHash' | 'crewNumber' | 'serviceMarketId'
  >,
): Promise<UserDetail | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(detailColumns);
  return row;
}

/** Writes an edit and moves the user's version on by one. */
export async function updateUser(
  tx: Executor,
  id: number,
  values: Partial<Pick<NewUserRow, 'firstName' | 'lastName' | 'role' | 'status' | 'crewNumber' | 'serviceMarketId'>>,
): Promise<UserDetail> {
  const [row] = await tx
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1` })
    .where(eq(users.id, id))
    .returning(detailColumns);
  if (!row) throw new Error(`user ${id} vanished while locked`);
  return row;
}

/** Whether any user (active or not) carries this crew number: a crew payment must name a crew that exists. */
export async function findExistingCrewNumbers(db: Executor, crewNumbers: readonly number[]): Promise<Set<number>> {
  if (crewNumbers.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ crewNumber: users.crewNumber })
    .from(users)
    .where(and(eq(users.role, 'crew'), inArray(users.crewNumber, [...crewNumbers])));
  return new Set(rows.map((row) => row.crewNumber).filter((crew): crew is number => crew !== null));
}

/** The B&B crews list: each crew member with the market they work in. */
export async function listBbCrews(db: Executor, query: ListQuery): Promise<ListResult<BbCrewRow>> {
  const [counted] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(markets, eq(markets.id, users.serviceMarketId))
    .where(and(eq(users.role, 'crew'), query.where));
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      joinDate: users.joinDate,
      status: users.status,
      serviceMarket: { id: markets.id, name: markets.name },
    })
    .from(users)
    .innerJoin(markets, eq(markets.id, users.serviceMarketId))
    .where(and(eq(users.role, 'crew'), query.where))
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows };
}
