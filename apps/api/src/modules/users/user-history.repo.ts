import type { UserHistoryAction, UserHistoryEntry } from '@lawn/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userHistory, users } from '../../db/schema';

type NewUserHistory = {
  userId: number;
  action: UserHistoryAction;
  changes: Record<string, { from: unknown; to: unknown }>;
  isPasswordChanged: boolean;
  changedBy: number;
};

export async function insertUserHistory(tx: Executor, entry: NewUserHistory): Promise<void> {
  await tx.insert(userHistory).values(entry);
}

/** Every change of the account, newest first, with the name of who made it. */
export async function listUserHistory(db: Executor, userId: number): Promise<UserHistoryEntry[]> {
  const rows = await db
    .select({
      id: userHistory.id,
      action: userHistory.action,
      changes: userHistory.changes,
      isPasswordChanged: userHistory.isPasswordChanged,
      // Raw SQL: the builder cannot join two columns into one text.
      changedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      changedAt: userHistory.changedAt,
    })
    .from(userHistory)
    .leftJoin(users, eq(users.id, userHistory.changedBy))
    .where(eq(userHistory.userId, userId))
    .orderBy(desc(userHistory.changedAt), desc(userHistory.id));
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
