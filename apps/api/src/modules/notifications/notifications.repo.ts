import { NOTIFICATION_STATUS, type Notification } from '@lawn/shared';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

/** A notification counts towards the bell from 24 hours before it is due (notifications). */
const AVAILABILITY_LEAD = sql`interval '24 hours'`;
const isAvailable = sql<boolean>`(${notifications.date} - ${AVAILABILITY_LEAD} <= now())`;

const columns = {
  id: notifications.id,
  typeId: notifications.typeId,
  status: notifications.status,
  name: notifications.name,
  date: notifications.date,
  available: isAvailable,
  customerAttributeId: notifications.customerAttributeId,
  customerName: notifications.customerName,
};

type Row = {
  id: number;
  typeId: number;
  status: number;
  name: string;
  date: Date;
  available: boolean;
  customerAttributeId: number | null;
  customerName: string | null;
};

function toNotification(row: Row): Notification {
  // The CHECK constraints keep type and status within the shared literals.
  return {
    ...row,
    typeId: row.typeId as Notification['typeId'],
    status: row.status as Notification['status'],
    date: row.date.toISOString(),
  };
}

export async function listNotifications(
  db: Executor,
  userId: number,
  query: ListQuery,
  options: { onlyAvailableInCount: boolean },
): Promise<ListResult<Notification>> {
  const owned: SQL | undefined = and(eq(notifications.userId, userId), query.where);
  if (query.render === 'count') {
    const where = options.onlyAvailableInCount ? and(owned, isAvailable) : owned;
    const [row] = await db.select({ total: count() }).from(notifications).where(where);
    return { render: 'count', total: row?.total ?? 0 };
  }
  const [counted] = await db.select({ total: count() }).from(notifications).where(owned);
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(owned)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total: counted?.total ?? 0, rows: rows.map(toNotification) };
}

export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  'id' | 'userId' | 'status' | 'readAt' | 'createdAt'
>;

/** The same unread notification for each of the users, in one statement. */
export async function insertNotifications(
  db: Executor,
  userIds: readonly number[],
  notification: NewNotification,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(userIds.map((userId) => ({ ...notification, userId })));
}

/** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Executor, userId: number, id: number): Promise<Notification | null> {
  const [row] = await db
    .update(notifications)
    .set({ status: NOTIFICATION_STATUS.read, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning(columns);
  return row ? toNotification(row) : null;
}

/** Marks the user's unread notifications among `ids` read; other people's ids are ignored. */
export async function markNotificationsRead(db: Executor, userId: number, ids: readonly number[]): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ status: NOTIFICATION_STATUS.read, readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.id, [...ids]),
        eq(notifications.status, NOTIFICATION_STATUS.unread),
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}
