import { useState, type ReactNode } from 'react';
import { RecordDraftsContext, type RecordDrafts } from '../record-drafts';

/** Keeps what the record's forms could not save yet while the record screen is open, across its tabs and records. */
export function RecordDraftsProvider({ children }: { children: ReactNode }) {
  const [drafts] = useState<RecordDrafts>(() => new Map());
  return <RecordDraftsContext value={drafts}>{children}</RecordDraftsContext>;
}
