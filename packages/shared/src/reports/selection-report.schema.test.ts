import { describe, expect, it } from 'vitest';
import { reconciliationDifferences, reportSelectionFormSchema } from './selection-report.schema';

describe('reconciliationDifferences', () => {
  it.each([
    [true, true, true, []],
    [true, false, false, ['notDone']],
    [true, true, false, ['notBilled']],
    [true, false, true, ['notDone', 'billedNotDone']],
    [false, true, true, ['notScheduled']],
    [false, true, false, ['notBilled', 'notScheduled']],
    [false, false, true, ['billedNotDone', 'notScheduled']],
  ])('scheduled %s, done %s, billed %s: %j', (isScheduled, isDone, isBilled, expected) => {
    expect(reconciliationDifferences({ isScheduled, isDone, isBilled })).toEqual(expected);
  });
});

describe('reportSelectionFormSchema', () => {
  const blank = { year: '2026', week: '', weekDay: '', crew: '', market: '' };
  const issues = (values: typeof blank) =>
    reportSelectionFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it.each([
    [{ week: '16' }, { year: 2026, week: 16 }],
    [
      { crew: ' 8801 ', weekDay: '3' },
      { year: 2026, crew: 8801, weekDay: 3 },
    ],
    [{ market: '4' }, { year: 2026, market: 4 }],
  ])('reads %j', (values, expected) => {
    expect(reportSelectionFormSchema.parse({ ...blank, ...values })).toEqual(expected);
  });

  it.each([
    [{}, [['week', 'Select a parameter']]],
    [{ week: '54' }, [['week', 'Choose a week from 1 to 53']]],
    [{ week: '1.5' }, [['week', 'Choose a week from 1 to 53']]],
    [{ weekDay: '6' }, [['weekDay', 'Choose a weekday from Monday to Friday']]],
    [{ crew: '100000' }, [['crew', 'Enter a crew number from 1 to 99999']]],
    [{ crew: 'abc' }, [['crew', 'Enter a crew number from 1 to 99999']]],
    [{ year: '1999', week: '1' }, [['year', 'Choose a year from 2020 to 2040']]],
  ])('refuses %j', (values, expected) => {
    expect(issues({ ...blank, ...values })).toEqual(expected);
  });
});
