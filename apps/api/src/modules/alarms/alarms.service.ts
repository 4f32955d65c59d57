import {
  ALARM_MESSAGES,
  ALARM_VIEW_ALL_ROLES,
  calendarDateIn,
  type Alarm,
  type AlarmCreate,
  type AlarmStatus,
  type AlarmUpdate,
  type IsoDate,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import * as repo from './alarms.repo';

export type AlarmsServiceDeps = { db: Database; clock: () => Date };

/** Admin and Manager reach everyone's alarms; every other caller only their own (another's answers 404). */
function ownerFor(caller: AuthUser): repo.AlarmOwner {
  return (ALARM_VIEW_ALL_ROLES as readonly string[]).includes(caller.role) ? null : caller.id;
}

/**
 * Alarms: each person's reminders. Dates and hours are the business's zone, so "today" is the business's today
 * whatever zone the server or the browser runs in.
 */
export function createAlarmsService({ db, clock }: AlarmsServiceDeps) {
  async function found(caller: AuthUser, id: number): Promise<Alarm> {
    const alarm = await repo.findAlarm(db, ownerFor(caller), id);
    if (!alarm) throw notFound(ALARM_MESSAGES.notFound);
    return alarm;
  }

  /** Locks the alarm, checks it exists for the caller (and, when given, its version), applies the change. */
  async function change(
    caller: AuthUser,
    id: number,
    changes: Parameters<typeof repo.updateAlarm>[2],
    version?: number,
  ): Promise<Alarm> {
    await db.transaction(async (tx) => {
      const current = await repo.lockAlarm(tx, ownerFor(caller), id);
      if (!current) throw notFound(ALARM_MESSAGES.notFound);
      if (version !== undefined && current.version !== version) throw conflict(ALARM_MESSAGES.stale);
      await repo.updateAlarm(tx, id, changes);
    });
    return found(caller, id);
  }

  return {
    list: (caller: AuthUser, query: ListQuery<'users'>): Promise<ListResult<Alarm>> =>
      repo.listAlarms(db, ownerFor(caller), query),

    /** The caller's own alarms of today: the ones that ring on their screen. */
    async today(caller: AuthUser): Promise<{ today: IsoDate; data: Alarm[] }> {
      const today = calendarDateIn(clock());
      return { today, data: await repo.alarmsOfDay(db, caller.id, today) };
    },

    get: found,

    /** An alarm is set for the person who sets it: it rings on their screen. */
    async create(caller: AuthUser, values: AlarmCreate): Promise<Alarm> {
      return found(caller, await repo.insertAlarm(db, caller.id, values));
    },

    /** Edit or reschedule: the new values from the version they were read at. A saved alarm rings again. */
    update(caller: AuthUser, id: number, { version, ...values }: AlarmUpdate): Promise<Alarm> {
      return change(caller, id, { ...values, active: true }, version);
    },

    /** Stop alarm and the snooze switch set a value whatever the version: pressing either twice is the same. */
    setStatus(caller: AuthUser, id: number, status: AlarmStatus): Promise<Alarm> {
      return change(caller, id, status);
    },

    /** Deletes all the selected alarms, or none when one of them is not the caller's to delete (404). */
    async remove(caller: AuthUser, ids: readonly number[]): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteAlarms(tx, ownerFor(caller), unique);
        if (deleted !== unique.length) throw notFound(ALARM_MESSAGES.notFound);
        return deleted;
      });
    },
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
