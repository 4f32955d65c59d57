import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES, availabilityUpdateSchema, type AvailabilityUpdateInput } from './availability.schema';

const valid: AvailabilityUpdateInput = {
  version: 0,
  slots: '40',
  isLock: 0,
  lockDayHourly: '',
  lockHoursRange: { start: '', end: '' },
  timeZone: 'America/Chicago',
  week: { start: '2026-11-30', end: '2026-12-06', week: 44, weekdays: ['2026-12-01'] },
};

/** The messages the schema answers for `input`, by field path. */
function messagesOf(input: unknown): Record<string, string[]> {
  const result = availabilityUpdateSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
  return messages;
}

describe('availabilityUpdateSchema', () => {
  it('accepts max mows for the selected days and reads the digits as a number', () => {
    expect(availabilityUpdateSchema.parse(valid).slots).toBe(40);
  });

  it.each([
    ['letters', 'ab', AVAILABILITY_MESSAGES.slotsNumber],
    ['a negative number', '-1', AVAILABILITY_MESSAGES.slotsNumber],
    ['a fraction', '1.5', AVAILABILITY_MESSAGES.slotsNumber],
    ['nothing', '', AVAILABILITY_MESSAGES.slotsNumber],
    ['more than the most', '10001', AVAILABILITY_MESSAGES.slotsRange],
  ])('refuses slots of %s', (_, slots, message) => {
    expect(messagesOf({ ...valid, slots })['slots']).toEqual([message]);
  });

  it('asks for at least one day', () => {
    expect(messagesOf({ ...valid, week: { ...valid.week, weekdays: [] } })['week.weekdays']).toEqual([
      AVAILABILITY_MESSAGES.daysRequired,
    ]);
  });

  it('refuses a weekend day or a day of another week', () => {
    for (const day of ['2026-12-05', '2026-12-08']) {
      expect(messagesOf({ ...valid, week: { ...valid.week, weekdays: [day] } })['week.weekdays']).toEqual([
        AVAILABILITY_MESSAGES.dayOutsideWeek,
      ]);
    }
  });

  it('answers text that is no date with messages, never by throwing', () => {
    const week = { start: 'tkX\\S)R+', end: '', week: 31, weekdays: ['', '3]'] };
    const messages = messagesOf({ ...valid, week });
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(['week.start', 'week.end', 'week.weekdays.0']));
    expect(messagesOf({ ...valid, week: { ...valid.week, weekdays: ['2026-12-01', 'x'] } })).toHaveProperty([
      'week.weekdays.1',
    ]);
  });

  it('refuses a week that is not Monday to Sunday', () => {
    expect(messagesOf({ ...valid, week: { ...valid.week, start: '2026-12-01' } })['week.start']).toEqual([
      AVAILABILITY_MESSAGES.weekInvalid,
    ]);
  });

  it('asks how a lock closes the day, and the hours of an hour range', () => {
    expect(messagesOf({ ...valid, isLock: 1 })['lockDayHourly']).toEqual([AVAILABILITY_MESSAGES.lockModeRequired]);
    expect(messagesOf({ ...valid, isLock: 1, lockDayHourly: '1' })).toEqual({
      'lockHoursRange.start': [AVAILABILITY_MESSAGES.startRequired],
      'lockHoursRange.end': [AVAILABILITY_MESSAGES.endRequired],
    });
    expect(
      messagesOf({ ...valid, isLock: 1, lockDayHourly: '1', lockHoursRange: { start: '13:00', end: '12:00' } }),
    ).toEqual({ 'lockHoursRange.end': [AVAILABILITY_MESSAGES.endBeforeStart] });
    expect(
      messagesOf({ ...valid, isLock: 1, lockDayHourly: '1', lockHoursRange: { start: '12:00', end: '18:00' } }),
    ).toEqual({});
    expect(messagesOf({ ...valid, isLock: 1, lockDayHourly: '0' })).toEqual({});
  });

  it('refuses an hour that is not HH:mm, a NUL among them, locked or not', () => {
    for (const start of ['12', '25:00', '1\u0000:00']) {
      expect(messagesOf({ ...valid, lockHoursRange: { start, end: '' } })['lockHoursRange.start']).toEqual([
        AVAILABILITY_MESSAGES.hourInvalid,
      ]);
    }
  });

  it('refuses a time zone it does not know and a version out of range', () => {
    expect(messagesOf({ ...valid, timeZone: 'Mars/Base' })['timeZone']).toEqual([
      AVAILABILITY_MESSAGES.timeZoneInvalid,
    ]);
    expect(Object.keys(messagesOf({ ...valid, version: -1 }))).toEqual(['version']);
  });
});
