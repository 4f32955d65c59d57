import { BUSINESS_TIME_ZONE, calendarDateIn, type IsoDate } from '../schedule/calendar-date';
import type { Alarm } from './alarm.schema';

const MINUTES_PER_DAY = 24 * 60;

/** Minutes since midnight of an 'HH:mm' hour. */
export function minuteOfHour(hour: string): number {
  const [hours = 0, minutes = 0] = hour.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 'HH:mm' of minutes since midnight. */
export function hourOfMinute(minute: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** The date and the minute of the day an instant is in the business's zone: what alarm dates and hours mean. */
export function businessClock(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): { date: IsoDate; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(instant)
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  return { date: calendarDateIn(instant, timeZone), minute: (parts['hour'] ?? 0) * 60 + (parts['minute'] ?? 0) };
}

type DueFields = Pick<Alarm, 'alarmHour' | 'duration' | 'snooze'>;

/**
 * The minute of its day an alarm rings: its hour, plus its duration once snoozed (the duration is the snooze
 * interval). A snooze that runs past midnight rings no more that day.
 */
export function alarmDueMinute(alarm: DueFields): number {
  return minuteOfHour(alarm.alarmHour) + (alarm.snooze ? alarm.duration : 0);
}

/** What an alarm rang as: the same alarm rings again only once moved (rescheduled or snoozed). */
export function alarmRingKey(alarm: Pick<Alarm, 'id' | 'alarmDate'> & DueFields): string {
  return `${alarm.id}@${alarm.alarmDate}+${alarmDueMinute(alarm)}`;
}

/**
 * The alarms that ring now: active, of today, due in the minutes from the previous check to this one (both
 * included, so a check that came late, as a browser does in a hidden tab, still rings what fell between).
 */
export function dueAlarms<T extends Pick<Alarm, 'id' | 'alarmDate' | 'active'> & DueFields>(
  alarms: readonly T[],
  today: IsoDate,
  window: { fromMinute: number; toMinute: number },
): T[] {
  return alarms.filter((alarm) => {
    if (!alarm.active || alarm.alarmDate !== today) return false;
    const due = alarmDueMinute(alarm);
    return due < MINUTES_PER_DAY && due >= window.fromMinute && due <= window.toMinute;
  });
}
