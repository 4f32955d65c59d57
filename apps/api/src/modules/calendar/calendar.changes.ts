import {
  CALENDAR_MESSAGES,
  SCHEDULE_CHANGE_MESSAGES,
  scheduleChangeIssues,
  serviceWorkday,
  type Actor,
  type FieldIssues,
  type IsoDate,
  type ScheduleChangeRequest,
  type ServiceNoteType,
  type Weekday,
} from '@lawn/shared';
import type { Transaction } from '../../db/client';
import { badRequest } from '../../http/errors';
import { recordPropertyChange } from '../customers/customers.service';
import { replanPropertyYear } from '../schedule/schedule.service';
import * as repo from './calendar.repo';
import { requireCalendarProperty, resolveYear } from './calendar.property';
import { datesByWeek, describeNote, offeredYears } from './calendar.weeks';

/**
 * The server checks the schedule-change rules the form checks (the week is in the year, a skip has a reason, a message
 * fits, a write-in or redo date lies in its window and a redo is not in the past): 400 with the first message, per
 * field.
 */
function assertNoIssues(issues: FieldIssues): void {
  const first = Object.values(issues).find((messages) => messages.length > 0)?.[0];
  if (first) throw badRequest(first, issues);
}

const ALREADY: Readonly<Record<ServiceNoteType, string>> = {
  skip: CALENDAR_MESSAGES.alreadySkipped,
  write: CALENDAR_MESSAGES.alreadyWritten,
  redo: CALENDAR_MESSAGES.alreadyRedone,
};

const rejectWeek = (message: string) => badRequest(message, { week: [message] });

/**
 * Applies one schedule change inside the caller's transaction and returns the answer's message. The property row is
 * locked first, so two changes to the same week cannot both pass the "one per week" checks.
 */
export async function applyScheduleChange(
  tx: Transaction,
  propertyId: number,
  change: ScheduleChangeRequest,
  actor: Actor,
  today: IsoDate,
): Promise<string> {
  assertNoIssues(scheduleChangeIssues(change, today));
  const property = await requireCalendarProperty(tx, propertyId, { lock: true });
  resolveYear(offeredYears(property, today), today, change.year);
  const { year, week } = change;
  const schedule = await repo.loadPropertyYear(tx, propertyId, year);
  const serviceDay = datesByWeek(year, schedule.workdays).get(week) ?? null;
  const message = change.message?.trim() ?? '';
  const label = `week ${week} of ${year}`;
  let description: string;
  let details: Record<string, unknown>;

  if (change.status === 'created') {
    if (serviceDay !== null) throw rejectWeek(CALENDAR_MESSAGES.weekActive);
    const plannedDay = datesByWeek(year, schedule.planned).get(week) ?? null;
    const removed = schedule.overrides.some((o) => o.week === week && o.kind === 'removed');
    let workday: IsoDate;
    if (removed && plannedDay !== null) {
      // Taking back a removal: the regular service returns on its planned day.
      await repo.deleteOverride(tx, propertyId, year, week);
      workday = plannedDay;
    } else {
      workday = serviceWorkday(year, week, property.weekDay as Weekday);
      await repo.upsertOverride(tx, { propertyId, year, week, kind: 'added', workday }, actor.id);
    }
    await replanPropertyYear(tx, propertyId, year, today);
    description = `Service added on ${label} (${workday})`;
    details = { workday };
  } else {
    if (serviceDay === null) throw rejectWeek(CALENDAR_MESSAGES.weekInactive);
    const weekNotes = schedule.notes.filter((note) => note.week === week);
    if (change.status === 'removed') {
      if (weekNotes.length > 0) throw rejectWeek(CALENDAR_MESSAGES.weekHasNotes);
      const isPlanned = datesByWeek(year, schedule.planned).has(week);
      if (isPlanned)
        await repo.upsertOverride(tx, { propertyId, year, week, kind: 'removed', workday: null }, actor.id);
      else await repo.deleteOverride(tx, propertyId, year, week);
      await replanPropertyYear(tx, propertyId, year, today);
      description = `Service removed on ${label} (${serviceDay})`;
      details = { workday: serviceDay };
    } else {
      const type = change.status;
      if (weekNotes.some((note) => note.type === type)) throw rejectWeek(ALREADY[type]);
      // A skip is dated on the skipped service day; a write-in or redo on its visit date (checked above).
      const workday = type === 'skip' ? serviceDay : (change.date ?? serviceDay);
      await repo.insertServiceNote(tx, { propertyId, year, week, type, workday, message }, actor.id);
      description = `${describeNote(type, message)} (${label}, ${workday})`;
      details = { workday, message };
    }
  }

  await recordPropertyChange(tx, {
    propertyId,
    actor,
    action: 'schedule',
    description,
    changes: { [change.status]: { from: null, to: { year, week, ...details } } },
    isEdit: true,
  });
  return SCHEDULE_CHANGE_MESSAGES[change.status];
}
