import {
  calendarDateIn,
  FIFTH_MOW_MESSAGES,
  NOTE_MESSAGES,
  NOTE_TYPE,
  NOTE_TYPES,
  noteDateIssue,
  noteIssues,
  type Actor,
  type IsoDate,
  type Note,
  type NoteCreate,
  type NotePatch,
  type NoteType,
  type NoteValues,
  type RejectionReason,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import type { NoteRecord } from '../../db/schema';
import { addFieldError, badRequest, conflict, notFound, type FieldErrors } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { FileStorage } from '../../storage/file-storage';
import { recordCallNoteAuthor, recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import { fromStore } from './attachments.service';
import * as attachmentsRepo from './attachments.repo';
import { changesRecord, describeNoteEdit, noteChanges, noteName, noteSummary } from './notes.history';
import * as repo from './notes.repo';

function toNote(note: NoteRecord, authorName: string | null): Note {
  return {
    id: note.id,
    customerAttributesId: note.propertyId,
    typeId: note.typeId,
    typeName: NOTE_TYPES[note.typeId as NoteType] ?? String(note.typeId),
    serviceDate: note.serviceDate,
    serviceHour: note.serviceHour,
    description: note.description,
    rejectionReasons: note.rejectionReasons as RejectionReason[],
    reason: note.reason,
    status: note.status,
    version: note.version,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    user: note.userId === null ? null : { id: note.userId, fullName: authorName ?? '' },
  };
}

/**
 * The rules of a note's fields for its type (the same `noteIssues` the forms apply) and its date against today: a
 * new date cannot be in the past, while an edited note may keep the date it had.
 */
function assertValidNote(typeId: number, values: NoteValues, today: IsoDate, savedDate?: IsoDate): void {
  const errors: FieldErrors = {};
  for (const issue of noteIssues(typeId, values)) addFieldError(errors, issue.path, issue.message);
  const dateIssue = errors['serviceDate'] ? null : noteDateIssue(values.serviceDate, today, savedDate);
  if (dateIssue) addFieldError(errors, 'serviceDate', dateIssue);
  if (Object.keys(errors).length > 0) throw badRequest(undefined, errors);
}

/** A note to add; its author is null when no user wrote it (a new customer's own words on the public sign-up). */
export type NewNote = {
  propertyId: number;
  typeId: NoteType;
  values: NoteValues;
  actor: Actor | null;
  today: IsoDate;
  /** When a call note was written, by the caller's clock (the customer list's "Call notes" time); else now. */
  notedAt?: Date;
};

/**
 * Adds a note inside the caller's transaction, without a history entry of its own: the caller writes the one entry
 * of its change (a note created, an order rejected with its note). A call note names its author in the customer list.
 */
export async function addNote(tx: Executor, note: NewNote): Promise<NoteRecord> {
  assertValidNote(note.typeId, note.values, note.today);
  const stored = await repo.insertNote(tx, {
    propertyId: note.propertyId,
    typeId: note.typeId,
    ...note.values,
    userId: note.actor?.id ?? null,
  });
  if (note.typeId === NOTE_TYPE.call && note.actor) {
    await recordCallNoteAuthor(tx, note.propertyId, note.actor, note.notedAt);
  }
  return stored;
}

/** 'rejected note #12: Just Shopping': how another module's history entry names a note it added. */
export function describeNote(note: NoteRecord): string {
  return `${noteName(note)}: ${noteSummary(note)}`;
}

/** One note of the record as the API answers it, with its author; 404 when the record has no such note. */
export async function requireNoteOf(executor: Executor, propertyId: number, noteId: number): Promise<Note> {
  const row = await repo.findNote(executor, propertyId, noteId);
  if (!row) throw notFound(NOTE_MESSAGES.notFound);
  return toNote(row.note, row.authorName);
}

export type NotesServiceDeps = {
  db: Database;
  /** Where the notes' attachments are kept: a deleted note's files go with it. */
  files: FileStorage;
  clock?: () => Date;
};

export function createNotesService({ db, files, clock = () => new Date() }: NotesServiceDeps) {
  const today = () => calendarDateIn(clock());

  const requireNote = requireNoteOf;

  /**
   * Deletes the record's notes among `ids` with one history entry naming them; 404 when none of them is there. Their
   * attachments' rows go with them, and their files are deleted inside the transaction, so a store that cannot delete
   * them keeps the notes (503, try again).
   */
  async function removeNotes(propertyId: number, ids: readonly number[], actor: Actor): Promise<number> {
    return db.transaction(async (tx) => {
      await requireLiveRecord(tx, propertyId);
      const fileKeys = await attachmentsRepo.storageKeysOfNotes(tx, propertyId, ids);
      const deleted = await repo.deleteNotes(tx, propertyId, ids);
      if (deleted.length === 0) throw notFound(NOTE_MESSAGES.notFound);
      const [only] = deleted;
      await recordPropertyChange(tx, {
        propertyId,
        actor,
        action: 'note',
        description:
          deleted.length === 1 && only
            ? `Deleted ${noteName(only)}: ${noteSummary(only)}`
            : `Deleted ${deleted.length} notes: ${deleted.map(describeNote).join('; ')}`,
        changes: Object.fromEntries(deleted.map((note) => [`note.${note.id}`, { from: note, to: null }])),
        isEdit: false,
      });
      for (const key of fileKeys) await fromStore(() => files.delete(key));
      return deleted.length;
    });
  }

  return {
    async list(propertyId: number, query: ListQuery): Promise<ListResult<Note>> {
      await requireLiveRecord(db, propertyId);
      const result = await repo.listNotes(db, propertyId, query);
      if (result.render === 'count') return result;
      return {
        render: 'paginate',
        total: result.total,
        rows: result.rows.map((row) => toNote(row.note, row.authorName)),
      };
    },

    async create(propertyId: number, input: NoteCreate, actor: Actor): Promise<Note> {
      const { typeId, ...values } = input;
      // A 5th mow note is the discount itself: it is made only where the customer's eligibility is checked.
      if (typeId === NOTE_TYPE.fifthMow) {
        throw badRequest(FIFTH_MOW_MESSAGES.applyInDialog, { typeId: [FIFTH_MOW_MESSAGES.applyInDialog] });
      }
      return db.transaction(async (tx) => {
        await requireLiveRecord(tx, propertyId);
        const now = clock();
        const note = await addNote(tx, {
          propertyId,
          typeId: typeId as NoteType,
          values,
          actor,
          today: calendarDateIn(now),
          notedAt: now,
        });
        await recordPropertyChange(tx, {
          propertyId,
          actor,
          action: 'note',
          description: `Added ${noteName(note)}: ${noteSummary(note)}`,
          changes: { [`note.${note.id}`]: { from: null, to: { typeId, ...values } } },
          isEdit: false,
        });
        return requireNote(tx, propertyId, note.id);
      });
    },

    /**
     * Saves an edit made from version `patch.version` of the note: a newer version (someone changed the note
     * meanwhile) is a 409 and nothing is written. An edit that changes nothing writes nothing either.
     */
    async update(propertyId: number, noteId: number, patch: NotePatch, actor: Actor): Promise<Note> {
      const { version, ...values } = patch;
      return db.transaction(async (tx) => {
        await requireLiveRecord(tx, propertyId);
        const current = await repo.lockNote(tx, propertyId, noteId);
        if (!current) throw notFound(NOTE_MESSAGES.notFound);
        if (current.version !== version) throw conflict(NOTE_MESSAGES.stale);
        assertValidNote(current.typeId, values, today(), current.serviceDate);
        const changes = noteChanges(current, values);
        if (changes.length === 0) return requireNote(tx, propertyId, noteId);
        await repo.updateNote(tx, noteId, values);
        if (current.typeId === NOTE_TYPE.call) await recordCallNoteAuthor(tx, propertyId, actor, clock());
        await recordPropertyChange(tx, {
          propertyId,
          actor,
          action: 'note',
          description: describeNoteEdit(current, changes),
          changes: changesRecord(changes),
          isEdit: false,
        });
        return requireNote(tx, propertyId, noteId);
      });
    },

    remove: (propertyId: number, noteId: number, actor: Actor): Promise<number> =>
      removeNotes(propertyId, [noteId], actor),

    removeMany: removeNotes,
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
