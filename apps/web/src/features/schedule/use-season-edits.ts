import type { SeasonWeekTypes, SeasonWeekUpdate } from '@lawn/shared';
import { useMemo, useState } from 'react';
import { replayUpdates } from './season-edits';

type Chosen = { year: number; updates: SeasonWeekUpdate[] };

const NONE: SeasonWeekUpdate[] = [];

/**
 * The pending updates of `year`, kept locally until Process. They are always replayed over the saved season, so a
 * reload that brings a different season can never leave a choice in the list that the menu would not offer now, and
 * they belong to one year: if the year changes by any path (another tab saving the setting, say) they are not carried
 * over to it.
 */
export function useSeasonEdits(year: number, savedTypes: SeasonWeekTypes) {
  const [chosen, setChosen] = useState<Chosen>({ year, updates: [] });
  const chosenUpdates = chosen.year === year ? chosen.updates : NONE;
  const { types, updates } = useMemo(() => replayUpdates(savedTypes, chosenUpdates), [savedTypes, chosenUpdates]);

  return {
    /** Every week's type with the updates applied: what the grid shows and the menu reasons about. */
    types,
    updates,
    add: (update: SeasonWeekUpdate) => setChosen({ year, updates: [...updates, update] }),
    /** Removes one update; answers how many later ones it invalidated (they are dropped too). */
    remove: (index: number): number => {
      const rest = updates.filter((_, position) => position !== index);
      const replayed = replayUpdates(savedTypes, rest);
      setChosen({ year, updates: replayed.updates });
      return rest.length - replayed.updates.length;
    },
    clear: () => setChosen({ year, updates: [] }),
  };
}
