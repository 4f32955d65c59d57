import { describe, expect, it } from 'vitest';
import { alarmDueMinute, alarmRingKey, businessClock, dueAlarms, hourOfMinute, minuteOfHour } from './alarm-due';

const alarm = (changes: Partial<Parameters<typeof alarmRingKey>[0] & { active: boolean }> = {}) => ({
  id: 1,
  alarmDate: '2026-11-27',
  alarmHour: '09:30',
  duration: 15,
  snooze: false,
  active: true,
  ...changes,
});

describe('alarm due times', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1439],
  ])('reads %s as minute %i and back', (hour, minute) => {
    expect(minuteOfHour(hour)).toBe(minute);
    expect(hourOfMinute(minute)).toBe(hour);
  });

  it('rings at its hour, or its duration later once snoozed', () => {
    expect(alarmDueMinute(alarm())).toBe(570);
    expect(alarmDueMinute(alarm({ snooze: true }))).toBe(585);
    expect(alarmRingKey(alarm())).not.toBe(alarmRingKey(alarm({ snooze: true })));
  });

  it.each([
    ['due this minute', alarm(), 570, 570, true],
    ['due in a minute a late check skipped', alarm(), 568, 571, true],
    ['not due yet', alarm(), 569, 569, false],
    ['already past before the previous check', alarm(), 571, 572, false],
    ['stopped', alarm({ active: false }), 570, 570, false],
    ['of another day', alarm({ alarmDate: '2026-11-28' }), 570, 570, false],
    ['snoozed: not at its hour', alarm({ snooze: true }), 570, 570, false],
    ['snoozed: at its hour plus the duration', alarm({ snooze: true }), 585, 585, true],
    ['snoozed past midnight', alarm({ alarmHour: '23:50', snooze: true }), 0, 1439, false],
  ])('%s', (_case, candidate, fromMinute, toMinute, isDue) => {
    expect(dueAlarms([candidate], '2026-11-27', { fromMinute, toMinute })).toHaveLength(isDue ? 1 : 0);
  });

  it("reads the clock in the business's zone, whatever the machine's", () => {
    // 03:05 UTC on Nov 28 is 21:05 on Nov 27 in Chicago (UTC-6).
    expect(businessClock(new Date('2026-11-28T03:05:00Z'))).toEqual({ date: '2026-11-27', minute: 21 * 60 + 5 });
    // Summer: UTC-5.
    expect(businessClock(new Date('2026-07-01T14:00:00Z'))).toEqual({ date: '2026-07-01', minute: 9 * 60 });
  });
});
