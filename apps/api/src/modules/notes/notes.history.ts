import { formatUsDate, NOTE_TYPES, type NoteType, type NoteValues } from '@lawn/shared';
import type { NoteRecord } from '../../db/schema';

/** How the history names a note's fields and shows their values. */
const FIELDS: Record<keyof NoteValues, { label: string; show: (value: unknown) => string }> = {
  serviceDate: { label: 'date', show: (value) => formatUsDate(String(value)) },
  serviceHour: { label: 'hour', show: String },
  description: { label: 'description', show: (value) => quoted(String(value)) },
  rejectionReasons: { label: 'rejection reasons', show: (value) => (value as string[]).join(', ') || 'none' },
  reason: { label: 'reason', show: (value) => (value === null ? 'none' : String(value)) },
  status: { label: 'status', show: (value) => (value === null ? 'none' : String(value)) },
};

const EXCERPT_LENGTH = 80;

function quoted(text: string): string {
  if (text === '') return 'none';
  return `"${text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text}"`;
}

/** 'call note #12': the type in words and the note's number. */
export function noteName(note: Pick<NoteRecord, 'id' | 'typeId'>): string {
  return `${(NOTE_TYPES[note.typeId as NoteType] ?? 'note').toLowerCase()} #${note.id}`;
}

/** What a note says, short: its description, or the rejection reasons of a rejected note without one. */
export function noteSummary(note: Pick<NoteRecord, 'description' | 'rejectionReasons'>): string {
  return note.description === '' ? note.rejectionReasons.join(', ') : quoted(note.description);
}

export type NoteFieldChange = { field: keyof NoteValues; from: unknown; to: unknown };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields an edit really changes. */
export function noteChanges(before: NoteRecord, after: NoteValues): NoteFieldChange[] {
  return (Object.keys(FIELDS) as (keyof NoteValues)[])
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

/** 'Edited call note #12: changed hour from 09:30 to 10:00; changed description from "a" to "b"'. */
export function describeNoteEdit(note: NoteRecord, changes: readonly NoteFieldChange[]): string {
  const sentences = changes.map(({ field, from, to }) => {
    const { label, show } = FIELDS[field];
    return `changed ${label} from ${show(from)} to ${show(to)}`;
  });
  return `Edited ${noteName(note)}: ${sentences.join('; ')}`;
}

/** The history's before/after values of an edit, by field. */
export function changesRecord(changes: readonly NoteFieldChange[]): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(changes.map(({ field, from, to }) => [field, { from, to }]));
}
