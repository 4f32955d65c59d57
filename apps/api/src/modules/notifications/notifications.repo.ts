import {
  BUSINESS_TIME_ZONE,
  NOTIFICATION_STATUS,
  NOTIFICATION_TYPES,
  USER_STATUS,
  type Notification,
  type Role,
} from '@lawn/shared';
import { and, asc, count, eq, gt, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, properties, users } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

/** Who reads notifications, and when: visibility and availability depend on both. */
export type Viewer = { id: number; seesEveryDueDate: boolean };

// Raw SQL: the builder has no "calendar day in a time zone" nor interval arithmetic. The rule mirrors
// `isNotificationAvailable` in packages/shared (due today or earlier, or due tomorrow once the current hour is at
// least |duration/60 - 24|), with the time read from the app's clock rather than the database's.
const dueDay = sql`(${notifications.date} at time zone ${BUSINESS_TIME_ZONE})::date`;
const todayAt = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone ${BUSINESS_TIME_ZONE})::date`;
function isAvailable(now: Date): SQL<boolean> {
  const hour = sql`extract(hour from ${now.toISOString()}::timestamptz at time zone ${BUSINESS_TIME_ZONE})`;
  return sql<boolean>`(${dueDay} <= ${todayAt(now)} or (${dueDay} = ${todayAt(now)} + 1 and ${hour} >= abs(${notifications.duration} / 60.0 - 24)))`;
}

/**
 * The rows a user sees. Everyone sees only notifications raised for them (who gets one is decided when it is
 * raised). Admins and Managers see them whenever due; anyone else sees their own due by tomorrow (the day ahead) and
 * every notification of the other type.
 */
function visibleTo(viewer: Viewer, now: Date): SQL | undefined {
  const owned = eq(notifications.userId, viewer.id);
  if (viewer.seesEveryDueDate) return owned;
  return and(owned, or(eq(notifications.typeId, NOTIFICATION_TYPES.other), sql`${dueDay} <= ${todayAt(now)} + 1`));
}

const columnsAt = (now: Date) => ({
  id: notifications.id,
  typeId: notifications.typeId,
  status: notifications.status,
  name: notifications.name,
  date: notifications.date,
  duration: notifications.duration,
  available: isAvailable(now),
  customerAttributeId: notifications.customerAttributeId,
  customerName: notifications.customerName,
});

type Row = {
  id: number;
  typeId: number;
  status: number;
  name: string;
  date: Date;
  duration: number;
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

/** The viewer's notifications; render=count counts only the available ones (the bell's badge). */
export async function listNotifications(
  db: Executor,
  viewer: Viewer,
  query: ListQuery,
  now: Date,
): Promise<ListResult<Notification>> {
  const visible = and(visibleTo(viewer, now), query.where);
  if (query.render === 'count') {
    const [row] = await db
      .select({ total: count() })
      .from(notifications)
      .where(and(visible, isAvailable(now)));
    return { render: 'count', total: row?.total ?? 0 };
  }
  const [counted] = await db.select({ total: count() }).from(notifications).where(visible);
  const rows = await db
    .select(columnsAt(now))
    .from(notifications)
    .where(visible)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total: counted?.total ?? 0, rows: rows.map(toNotification) };
}

/** One notification if the viewer sees it. */
export async function findVisibleNotification(
  db: Executor,
  viewer: Viewer,
  id: number,
  now: Date,
): Promise<Notification | null> {
  const [row] = await db
    .select(columnsAt(now))
    .from(notifications)
    .where(and(visibleTo(viewer, now), eq(notifications.id, id)));
  return row ? toNotification(row) : null;
}

/** The viewer's notifications newer than `afterId`, oldest first: what a reconnecting socket missed. */
export async function listVisibleAfter(
  db: Executor,
  viewer: Viewer,
  afterId: number,
  now: Date,
  limit: number,
): Promise<Notification[]> {
  const rows = await db
    .select(columnsAt(now))
    .from(notifications)
    .where(and(visibleTo(viewer, now), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(limit);
  return rows.map(toNotification);
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

/** Marks one of the user's notifications read or unread; null when it is not theirs (or does not exist). */
export async function setNotificationStatus(
  db: Executor,
  userId: number,
  id: number,
  status: Notification['status'],
  now: Date,
): Promise<Notification | null> {
  const [row] = await db
    .update(notifications)
    .set({
      status,
      readAt: status === NOTIFICATION_STATUS.read ? sql`coalesce(${notifications.readAt}, now())` : null,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning(columnsAt(now));
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

/** The record's CSR when they are an active user of one of `roles`, else null. */
export async function findActiveCsr(db: Executor, propertyId: number, roles: readonly Role[]): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.csrUserId))
    .where(and(eq(properties.id, propertyId), eq(users.status, USER_STATUS.active), inArray(users.role, [...roles])));
  return row?.id ?? null;
}

export async function latestNotificationId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(notifications.id) }).from(notifications);
  return row?.id ?? 0;
}
