import {
  holidaysBetween,
  holidaysInWeek,
  isBusinessDay,
  isSeasonStartWeek,
  mowYearWeeks,
  nextBusinessDay,
  weekOf,
  weekRange,
  type DateInfo,
  type IsoDate,
  type MowWeekWithHolidays,
} from '@lawn/shared';

/** Calendar facts the screens ask the server for, computed by the shared mow-year rules. */
export function createHelperService() {
  return {
    weeks(year: number): MowWeekWithHolidays[] {
      return mowYearWeeks(year).map((week) => ({ ...week, holidays: holidaysInWeek(year, week.week) }));
    },

    dateInfo(date: IsoDate): DateInfo {
      const { year, week } = weekOf(date);
      const { start, end } = weekRange(year, week);
      return {
        date,
        year,
        week,
        weekStart: start,
        weekEnd: end,
        isBusinessDay: isBusinessDay(date),
        holidays: holidaysBetween(date, date),
        nextBusinessDay: nextBusinessDay(date),
        isSeasonStartWeek: isSeasonStartWeek(week),
      };
    },
  };
}
export type HelperService = ReturnType<typeof createHelperService>;
