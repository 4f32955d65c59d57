import { describe, expect, it } from 'vitest';
import { weekOf, weekRange } from './mow-year';
import { defaultSeasonWeeks } from './season-weeks';
import {
  effectiveWorkdays,
  isInService,
  mergeFromDate,
  planServiceWeeks,
  planWorkdays,
  replanStart,
  serviceWorkday,
  type ServicePlanInput,
} from './service-plan';

// 2026: season weeks 2 (2026-03-02) .. 41; weeks 44 and 45 are holidays; the rest winter.
const season2026 = defaultSeasonWeeks(2026);
const base: ServicePlanInput = {
  year: 2026,
  weekDay: 2,
  frequency: 1,
  status: 1,
  statusOrders: 1,
  isDeleted: false,
  serviceDate: '2025-04-01',
  sendSchedule: null,
  futureCancel: null,
  hasWinter: false,
  seasonWeeks: season2026,
};
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

describe('planServiceWeeks', () => {
  it('weekly: every season week', () => {
    expect(planServiceWeeks(base)).toEqual(range(2, 41));
  });

  it('bi-weekly and 3-weekly count calendar weeks from the first served week', () => {
    expect(planServiceWeeks({ ...base, frequency: 2 })).toEqual(range(2, 40, 2));
    expect(planServiceWeeks({ ...base, frequency: 3 })).toEqual(range(2, 41, 3));
  });

  it('drought: weekly, but every second week in the weeks starting June to September', () => {
    const weeks = planServiceWeeks({ ...base, frequency: 4 });
    const droughtWeeks = range(2, 41).filter((week) => {
      const month = Number(weekRange(2026, week).start.slice(5, 7));
      return month >= 6 && month <= 9;
    });
    expect(weeks.filter((week) => !droughtWeeks.includes(week))).toEqual(
      range(2, 41).filter((week) => !droughtWeeks.includes(week)),
    );
    expect(weeks.filter((week) => droughtWeeks.includes(week))).toEqual(droughtWeeks.filter((week) => week % 2 === 0));
  });

  it('starts at the service date week and the send-schedule week, whichever is later', () => {
    expect(planServiceWeeks({ ...base, serviceDate: '2026-04-15' })[0]).toBe(weekOf('2026-04-15').week);
    expect(planServiceWeeks({ ...base, sendSchedule: 10 })[0]).toBe(10);
    expect(planServiceWeeks({ ...base, serviceDate: '2026-04-15', sendSchedule: 3 })[0]).toBe(8);
    expect(planServiceWeeks({ ...base, serviceDate: '2027-03-10' })).toEqual([]);
  });

  it('anchors the cadence on the first served week', () => {
    expect(planServiceWeeks({ ...base, frequency: 2, sendSchedule: 5 }).slice(0, 3)).toEqual([5, 7, 9]);
  });

  it('stops before the future-cancel week', () => {
    expect(planServiceWeeks({ ...base, futureCancel: 20 }).at(-1)).toBe(19);
    expect(planServiceWeeks({ ...base, futureCancel: 1 })).toEqual([]);
  });

  it('adds winter weeks with the winter option, never holiday weeks', () => {
    const weeks = planServiceWeeks({ ...base, hasWinter: true });
    expect(weeks).toEqual([1, ...range(2, 41), 42, 43, ...range(46, 52)]);
  });

  it('plans nothing for properties out of service', () => {
    expect(planServiceWeeks({ ...base, status: 2 })).toEqual([]);
    expect(planServiceWeeks({ ...base, status: 5 })).toEqual([]);
    expect(planServiceWeeks({ ...base, statusOrders: 0 })).toEqual([]);
    expect(planServiceWeeks({ ...base, isDeleted: true })).toEqual([]);
    expect(planServiceWeeks({ ...base, status: 3 })).toHaveLength(40);
    expect(planServiceWeeks({ ...base, status: 6 })).toHaveLength(40);
  });
});

describe('isInService', () => {
  it('needs an approved, live property in an in-service status', () => {
    expect(isInService({ status: 1, statusOrders: 1, isDeleted: false })).toBe(true);
    expect(isInService({ status: 7, statusOrders: 1, isDeleted: false })).toBe(false);
  });
});

describe('serviceWorkday', () => {
  it('is the weekday of the week', () => {
    expect(serviceWorkday(2026, 2, 2)).toBe('2026-03-03');
  });

  it('moves off a holiday to the next business day of the week, else the previous one', () => {
    // Memorial Day 2026-05-25 (Monday): a Monday property is mowed on Tuesday.
    expect(serviceWorkday(2026, weekOf('2026-05-25').week, 1)).toBe('2026-05-26');
    // Independence Day 2026 is a Saturday, observed Friday 2026-07-03: a Friday property moves back to Thursday.
    expect(serviceWorkday(2026, weekOf('2026-07-03').week, 5)).toBe('2026-07-02');
  });

  it('mows a Saturday property on the Saturday, or before it when the Saturday is a holiday', () => {
    expect(serviceWorkday(2026, 2, 6)).toBe('2026-03-07');
    // Independence Day 2026 is that Saturday and its Friday is observed: Thursday.
    expect(serviceWorkday(2026, weekOf('2026-07-04').week, 6)).toBe('2026-07-02');
  });

  it("plans Any day on the week's first business day", () => {
    expect(serviceWorkday(2026, 2, 7)).toBe('2026-03-02');
    expect(serviceWorkday(2026, weekOf('2026-05-25').week, 7)).toBe('2026-05-26');
    expect(planWorkdays({ ...base, weekDay: 7, futureCancel: 4 })).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('planWorkdays maps the weeks to their service days', () => {
    const dates = planWorkdays({ ...base, futureCancel: 4 });
    expect(dates).toEqual(['2026-03-03', '2026-03-10']);
  });
});

describe('replanStart', () => {
  it('is today inside a year under way, and the first day of a year still to come', () => {
    expect(replanStart(2026, '2026-06-10')).toBe('2026-06-10');
    expect(replanStart(2027, '2026-06-10')).toBe('2027-02-22');
  });
});

describe('mergeFromDate', () => {
  it('keeps what happened before the date and takes the new plan from it', () => {
    expect(
      mergeFromDate(['2026-03-03', '2026-03-10', '2026-03-17'], ['2026-03-12', '2026-03-19'], '2026-03-11'),
    ).toEqual(['2026-03-03', '2026-03-10', '2026-03-19']);
  });

  it('never gives a week whose service already happened a second one', () => {
    // Mow day moved from Tuesday to Thursday on Wednesday 2026-03-11: week 3 was mowed on Tuesday already.
    expect(mergeFromDate(['2026-03-10', '2026-03-17'], ['2026-03-12', '2026-03-19'], '2026-03-11')).toEqual([
      '2026-03-10',
      '2026-03-19',
    ]);
    // Moved earlier (Thursday to Tuesday) on Wednesday: week 3's Thursday had not happened, its Tuesday is past.
    expect(mergeFromDate(['2026-03-12', '2026-03-19'], ['2026-03-10', '2026-03-17'], '2026-03-11')).toEqual([
      '2026-03-17',
    ]);
  });
});

describe('effectiveWorkdays', () => {
  const planned = ['2026-03-03', '2026-03-10', '2026-03-17'];

  it('drops removed weeks and adds added ones, in date order', () => {
    expect(
      effectiveWorkdays(2026, planned, [
        { week: 3, kind: 'removed', workday: null },
        { week: 5, kind: 'added', workday: '2026-03-24' },
      ]),
    ).toEqual(['2026-03-03', '2026-03-17', '2026-03-24']);
  });

  it('an added week the plan also covers keeps the hand-chosen day only', () => {
    expect(effectiveWorkdays(2026, planned, [{ week: 3, kind: 'added', workday: '2026-03-12' }])).toEqual([
      '2026-03-03',
      '2026-03-12',
      '2026-03-17',
    ]);
  });
});
