import { createContext, useContext, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * What the record screen's forms keep while it is open, by key (the record's id and the form's name): what the person
 * typed, the messages of what could not be saved, and the state of the form's autosave. A tab that is closed (another
 * tab chosen) and opened again shows what the person left in it, still unsaved and marked, instead of dropping it.
 */
export type RecordDrafts = Map<string, unknown>;

export const RecordDraftsContext = createContext<RecordDrafts | null>(null);

function useRecordDrafts(): RecordDrafts {
  const drafts = useContext(RecordDraftsContext);
  if (!drafts) throw new Error('The record forms need a <RecordDraftsProvider> above them');
  return drafts;
}

/** useState whose value outlives the form: the record screen keeps it under `key` and the form starts from it again. */
export function useKeptState<T>(key: string, init: () => T): [T, Dispatch<SetStateAction<T>>] {
  const drafts = useRecordDrafts();
  const [value, setValue] = useState<T>(() => (drafts.has(key) ? (drafts.get(key) as T) : init()));
  useEffect(() => {
    drafts.set(key, value);
  }, [drafts, key, value]);
  return [value, setValue];
}

/**
 * One mutable object kept under `key` while the record screen is open (made by `init` the first time): what a form's
 * autosave knows of the fields being changed, which a save still on its way updates even after the form has closed.
 */
export function useKept<T extends object>(key: string, init: () => T): T {
  const drafts = useRecordDrafts();
  const [kept] = useState(() => {
    if (!drafts.has(key)) drafts.set(key, init());
    return drafts.get(key) as T;
  });
  return kept;
}
