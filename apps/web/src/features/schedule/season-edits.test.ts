import { applySeasonWeekUpdates, defaultSeasonWeeks, type SeasonWeekUpdate } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { replayUpdates } from './season-edits';

// 2026: winter week 1, start week 2, regular 3-41, winter 42-43, holidays 44-45, winter to 52.
const saved = defaultSeasonWeeks(2026);

describe('replayUpdates', () => {
  it('applies the updates in order exactly as the server will', () => {
    const updates: SeasonWeekUpdate[] = [
      { week: 42, type: 'regular' },
      { week: 43, type: 'regular' },
      { week: 3, type: 'start' },
    ];
    const replayed = replayUpdates(saved, updates);
    expect(replayed.updates).toEqual(updates);
    const server = applySeasonWeekUpdates(2026, saved, updates);
    expect(server.ok && server.types).toEqual(replayed.types);
    expect(replayed.types.slice(0, 4)).toEqual(['winter', 'winter', 'start', 'regular']);
    expect(replayed.types.slice(40, 44)).toEqual(['regular', 'regular', 'regular', 'holiday']);
  });

  it('drops an update the menu would no longer offer', () => {
    // Without week 42 becoming regular, week 43 cannot.
    const replayed = replayUpdates(saved, [
      { week: 43, type: 'regular' },
      { week: 50, type: 'holiday' },
    ]);
    expect(replayed.updates).toEqual([{ week: 50, type: 'holiday' }]);
    expect(replayed.types[42]).toBe('winter');
    expect(replayed.types[49]).toBe('holiday');
  });

  it('drops an update that no longer changes anything', () => {
    const replayed = replayUpdates(saved, [
      { week: 50, type: 'winter' },
      { week: 44, type: 'holiday' },
    ]);
    expect(replayed.updates).toEqual([]);
    expect(replayed.types).toEqual(saved);
  });
});
