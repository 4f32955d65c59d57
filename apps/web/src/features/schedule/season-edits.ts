import {
  applySeasonWeekUpdate,
  seasonWeekChoices,
  type SeasonWeek,
  type SeasonWeekType,
  type SeasonWeekTypes,
  type SeasonWeekUpdate,
} from '@lawn/shared';

/** The saved type of every week of the year, in week order (index 0 is week 1). */
export function savedTypesOf(weeks: readonly SeasonWeek[]): SeasonWeekType[] {
  return [...weeks].sort((a, b) => a.week - b.week).map((week) => week.type);
}

export type ReplayedUpdates = { types: SeasonWeekType[]; updates: SeasonWeekUpdate[] };

/**
 * The saved season with the pending updates applied in order, the way the server will apply them. An update the menu
 * would no longer offer (say, after an earlier one was removed) or one that no longer changes anything is dropped,
 * so the list never holds a choice the server would refuse.
 */
export function replayUpdates(saved: SeasonWeekTypes, updates: readonly SeasonWeekUpdate[]): ReplayedUpdates {
  let types = [...saved];
  const kept: SeasonWeekUpdate[] = [];
  for (const update of updates) {
    if (!seasonWeekChoices(types, update.week).includes(update.type)) continue;
    types = applySeasonWeekUpdate(types, update);
    kept.push(update);
  }
  return { types, updates: kept };
}
