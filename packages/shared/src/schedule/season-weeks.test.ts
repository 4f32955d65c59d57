import { describe, expect, it } from 'vitest';
import { MOW_YEAR_RANGE } from './schedule.schema';
import { seasonStart, weekOf, weeksInMowYear } from './mow-year';
import {
  applySeasonWeekUpdate,
  applySeasonWeekUpdates,
  defaultSeasonWeeks,
  isInSeason,
  lastRegularWeekOf,
  seasonStartWeekOf,
  seasonWeekChoices,
} from './season-weeks';

const years = Array.from(
  { length: MOW_YEAR_RANGE.max - MOW_YEAR_RANGE.min + 1 },
  (_, index) => MOW_YEAR_RANGE.min + index,
);

describe('defaultSeasonWeeks', () => {
  it.each(years)('%i: one start week on the season start, regular through November, two holiday weeks', (year) => {
    const types = defaultSeasonWeeks(year);
    expect(types).toHaveLength(weeksInMowYear(year));
    expect(types.filter((type) => type === 'start')).toHaveLength(1);
    expect(seasonStartWeekOf(types)).toBe(seasonStart(year).week);
    expect(lastRegularWeekOf(types)).toBe(weekOf(`${year}-11-30`).week);
    expect(types[weekOf(`${year}-12-25`).week - 1]).toBe('holiday');
    expect(types[weekOf(`${year + 1}-01-01`).week - 1]).toBe('holiday');
    // Everything outside the season is winter or holiday.
    types.forEach((type, index) => {
      const inSeason = isInSeason(types, index + 1);
      expect(inSeason ? ['start', 'regular'] : ['winter', 'holiday']).toContain(type);
    });
  });

  it('2026: season weeks 2..41, Christmas week 44 and New Year week 45', () => {
    const types = defaultSeasonWeeks(2026);
    expect([seasonStartWeekOf(types), lastRegularWeekOf(types)]).toEqual([2, 41]);
    expect(types[0]).toBe('winter');
    expect(types.flatMap((type, index) => (type === 'holiday' ? [index + 1] : []))).toEqual([44, 45]);
  });
});

describe('seasonWeekChoices', () => {
  const types = defaultSeasonWeeks(2026); // start 2, last regular 41

  it('offers Season Start on weeks 1-4 only', () => {
    expect(seasonWeekChoices(types, 1)).toEqual(['start']);
    expect(seasonWeekChoices(types, 3)).toEqual(['start']);
    expect(seasonWeekChoices(types, 4)).toEqual(['start']);
    expect(seasonWeekChoices(types, 5)).toEqual([]);
    expect(seasonWeekChoices(types, 2)).toEqual([]); // already the start
  });

  it('offers Regular only on the week right after the last regular week', () => {
    expect(seasonWeekChoices(types, 42)).toContain('regular');
    expect(seasonWeekChoices(types, 43)).not.toContain('regular');
    expect(seasonWeekChoices(types, 41)).not.toContain('regular');
  });

  it('offers Winter and Holiday from the last regular week on', () => {
    expect(seasonWeekChoices(types, 40)).toEqual([]);
    expect(seasonWeekChoices(types, 41)).toEqual(['winter', 'holiday']);
    expect(seasonWeekChoices(types, 42)).toEqual(['regular', 'holiday']);
    expect(seasonWeekChoices(types, 44)).toEqual(['winter']);
  });
});

describe('applySeasonWeekUpdate', () => {
  const types = defaultSeasonWeeks(2026);

  it('moving the start later turns the weeks before it into winter', () => {
    const next = applySeasonWeekUpdate(types, { week: 4, type: 'start' });
    expect(next.slice(0, 5)).toEqual(['winter', 'winter', 'winter', 'start', 'regular']);
    expect(lastRegularWeekOf(next)).toBe(41);
  });

  it('moving the start earlier makes the old start week regular', () => {
    const next = applySeasonWeekUpdate(types, { week: 1, type: 'start' });
    expect(next.slice(0, 3)).toEqual(['start', 'regular', 'regular']);
  });

  it('winter on the last regular week shortens the season; regular after it lengthens it', () => {
    expect(lastRegularWeekOf(applySeasonWeekUpdate(types, { week: 41, type: 'winter' }))).toBe(40);
    expect(lastRegularWeekOf(applySeasonWeekUpdate(types, { week: 42, type: 'regular' }))).toBe(42);
  });
});

describe('applySeasonWeekUpdates', () => {
  const types = defaultSeasonWeeks(2026);

  it('checks each update against the weeks as they stand after the previous ones', () => {
    const result = applySeasonWeekUpdates(2026, types, [
      { week: 42, type: 'regular' },
      { week: 43, type: 'regular' },
    ]);
    expect(result.ok && lastRegularWeekOf(result.types)).toBe(43);
  });

  it('refuses a choice the menu does not offer, and weeks outside the year', () => {
    expect(applySeasonWeekUpdates(2026, types, [{ week: 43, type: 'regular' }])).toEqual({
      ok: false,
      message: 'Week 43 cannot be set to Regular',
    });
    expect(applySeasonWeekUpdates(2026, types, [{ week: 10, type: 'holiday' }])).toMatchObject({ ok: false });
    expect(applySeasonWeekUpdates(2026, types, [{ week: 53, type: 'winter' }])).toEqual({
      ok: false,
      message: 'Week 53 is not in 2026',
    });
  });

  it('treats choosing the current type as no change', () => {
    expect(applySeasonWeekUpdates(2026, types, [{ week: 10, type: 'regular' }])).toEqual({ ok: true, types });
  });
});
