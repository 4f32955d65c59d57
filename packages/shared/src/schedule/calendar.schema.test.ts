import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, scheduleChangeIssues, scheduleChangeSchema } from './calendar.schema';

// Mow year 2026 week 2 is 2026-03-02 .. 2026-03-08; its write-in window runs to 2026-03-15.
const today = '2026-03-04';

describe('scheduleChangeSchema', () => {
  it('accepts each kind of change', () => {
    expect(scheduleChangeSchema.safeParse({ status: 'created', year: 2026, week: 2 }).success).toBe(true);
    expect(
      scheduleChangeSchema.safeParse({ status: 'write', year: 2026, week: 2, date: '2026-03-05', message: 'Gate' })
        .success,
    ).toBe(true);
  });

  it('rejects a week above 53, a year outside the range, a long message and unknown fields', () => {
    const issues = (input: unknown) =>
      scheduleChangeSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ status: 'skip', year: 2026, week: 54, message: 'x' })).toEqual(['Enter a week from 1 to 53']);
    expect(issues({ status: 'skip', year: 2019, week: 2, message: 'x' })).toEqual(['Choose a year from 2020 to 2040']);
    expect(issues({ status: 'skip', year: 2026, week: 2, message: 'x'.repeat(201) })).toEqual([
      CALENDAR_MESSAGES.messageMax,
    ]);
    expect(issues({ status: 'skip', year: 2026, week: 2, crew: 4 })).toHaveLength(1);
  });
});

describe('scheduleChangeIssues', () => {
  it('a skip needs a reason', () => {
    expect(scheduleChangeIssues({ status: 'skip', year: 2026, week: 2 }, today)).toEqual({
      message: [CALENDAR_MESSAGES.required],
    });
    expect(scheduleChangeIssues({ status: 'skip', year: 2026, week: 2, message: '  ' }, today)).toEqual({
      message: [CALENDAR_MESSAGES.required],
    });
    expect(scheduleChangeIssues({ status: 'skip', year: 2026, week: 2, message: 'Rain' }, today)).toEqual({});
  });

  it.each([
    ['write', undefined, CALENDAR_MESSAGES.dateRequired],
    ['write', '2026-03-07', CALENDAR_MESSAGES.weekend],
    ['write', '2026-03-16', CALENDAR_MESSAGES.outsideWindow('2026-03-02', '2026-03-15')],
    ['write', '2026-02-27', CALENDAR_MESSAGES.outsideWindow('2026-03-02', '2026-03-15')],
    ['write', '2026-03-02', null],
    ['write', '2026-03-13', null],
    ['redo', '2026-03-03', CALENDAR_MESSAGES.pastDate],
    ['redo', '2026-03-04', null],
  ] as const)('%s on %s', (status, date, expected) => {
    const issues = scheduleChangeIssues({ status, year: 2026, week: 2, ...(date ? { date } : {}) }, today);
    expect(issues).toEqual(expected === null ? {} : { date: [expected] });
  });

  it('names the window in MM/dd/yyyy, as the product shows dates', () => {
    expect(scheduleChangeIssues({ status: 'write', year: 2026, week: 2, date: '2026-03-16' }, today)).toEqual({
      date: ['Choose a date from 03/02/2026 to 03/15/2026'],
    });
  });

  it('week 53 does not exist in a 52-week year', () => {
    expect(scheduleChangeIssues({ status: 'created', year: 2026, week: 53 }, today)).toEqual({
      week: [CALENDAR_MESSAGES.weekNotInYear(53, 2026)],
    });
    expect(scheduleChangeIssues({ status: 'created', year: 2027, week: 53 }, today)).toEqual({});
  });
});
