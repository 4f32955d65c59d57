import { USER_STATUS, type Role, type UserSummary } from '@lawn/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
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

export async function findActiveUserById(db: Executor, id: number): Promise<UserSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, USER_STATUS.active)));
  return row ? toSummary(row) : null;
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
