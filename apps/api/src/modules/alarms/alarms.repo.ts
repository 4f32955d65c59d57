import type { Alarm, AlarmCreate, IsoDate } from '@lawn/shared';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { alarms, users, type AlarmRow } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

// The builder has no string concatenation: the user's name as the list shows it.
const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const alarmColumns = { alarm: alarms, userName };

function toAlarm({ alarm, userName: fullName }: { alarm: AlarmRow; userName: string }): Alarm {
  return {
    id: alarm.id,
    alarmDate: alarm.alarmDate,
    alarmHour: alarm.alarmHour,
    duration: alarm.duration,
    snooze: alarm.snooze,
    regarding: alarm.regarding,
    detail: alarm.detail,
    active: alarm.active,
    version: alarm.version,
    createdAt: alarm.createdAt.toISOString(),
    user: { id: alarm.userId, fullName },
  };
}

/** Which alarms a caller reaches: everyone's (null) or one user's own. */
export type AlarmOwner = number | null;
const ownedBy = (owner: AlarmOwner) => (owner === null ? undefined : eq(alarms.userId, owner));

export async function listAlarms(
  db: Executor,
  owner: AlarmOwner,
  query: ListQuery<'users'>,
): Promise<ListResult<Alarm>> {
  const where = and(ownedBy(owner), query.where);
  const [counted] = await db.select({ total: count() }).from(alarms).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select(alarmColumns)
    .from(alarms)
    .innerJoin(users, eq(users.id, alarms.userId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toAlarm) };
}

/** A user's alarms of one day, by hour. */
export async function alarmsOfDay(db: Executor, userId: number, day: IsoDate): Promise<Alarm[]> {
  const rows = await db
    .select(alarmColumns)
    .from(alarms)
    .innerJoin(users, eq(users.id, alarms.userId))
    .where(and(eq(alarms.userId, userId), eq(alarms.alarmDate, day)))
    .orderBy(asc(alarms.alarmHour), asc(alarms.id));
  return rows.map(toAlarm);
}

export async function findAlarm(db: Executor, owner: AlarmOwner, id: number): Promise<Alarm | null> {
  const [row] = await db
    .select(alarmColumns)
    .from(alarms)
    .innerJoin(users, eq(users.id, alarms.userId))
    .where(and(eq(alarms.id, id), ownedBy(owner)));
  return row ? toAlarm(row) : null;
}

/** The alarm locked for the rest of the transaction (an edit compares and bumps its version). */
export async function lockAlarm(db: Executor, owner: AlarmOwner, id: number): Promise<AlarmRow | null> {
  const [row] = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.id, id), ownedBy(owner)))
    .for('update');
  return row ?? null;
}

export async function insertAlarm(db: Executor, userId: number, values: AlarmCreate): Promise<number> {
  const [row] = await db
    .insert(alarms)
    .values({ userId, ...values })
    .returning({ id: alarms.id });
  if (!row) throw new Error('alarm not inserted');
  return row.id;
}

type AlarmChanges = Partial<AlarmCreate & { active: boolean }>;

/** Stores a change and moves the alarm to its next version. */
export async function updateAlarm(db: Executor, id: number, changes: AlarmChanges): Promise<void> {
  await db
    .update(alarms)
    .set({ ...changes, version: sql`${alarms.version} + 1` })
    .where(eq(alarms.id, id));
}

/** Deletes the alarms among `ids` the caller reaches; answers how many. */
export async function deleteAlarms(db: Executor, owner: AlarmOwner, ids: readonly number[]): Promise<number> {
  const condition: SQL | undefined = and(inArray(alarms.id, [...ids]), ownedBy(owner));
  const rows = await db.delete(alarms).where(condition).returning({ id: alarms.id });
  return rows.length;
}
