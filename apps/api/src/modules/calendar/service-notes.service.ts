import {
  calendarDateIn,
  CALENDAR_MESSAGES,
  defaultCalendarYear,
  SERVICE_NOTE_LABELS,
  type Actor,
  type ServiceNotes,
  type ServiceNoteType,
} from '@lawn/shared';
import type { Database, Transaction } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { recordPropertyChange } from '../customers/customers.service';
import { requireCalendarProperty } from './calendar.property';
import * as repo from './service-notes.repo';

export type ServiceNoteKey = { type: ServiceNoteType; year: number; week: number };

const describeKey = (key: ServiceNoteKey, workday: string) =>
  `${SERVICE_NOTE_LABELS[key.type]} of week ${key.week} of ${key.year} (${workday})`;

/** The skips, write-ins and redos lists of the customer record: read, edit a message, delete. */
export function createServiceNotesService({ db, clock }: { db: Database; clock: () => Date }) {
  async function list(propertyId: number, year: number): Promise<ServiceNotes> {
    const notes = await repo.listServiceNotes(db, propertyId, year);
    return {
      skips: notes.filter((note) => note.type === 'skip'),
      write: notes.filter((note) => note.type === 'write'),
      redo: notes.filter((note) => note.type === 'redo'),
    };
  }

  /** Locks the property (as every schedule change does) and then the note; 404 when either is missing. */
  async function requireNote(tx: Transaction, propertyId: number, key: ServiceNoteKey) {
    await requireCalendarProperty(tx, propertyId, { lock: true });
    const note = await repo.lockServiceNote(tx, { propertyId, ...key });
    if (!note) throw notFound(CALENDAR_MESSAGES.noteNotFound);
    return note;
  }

  async function recordEdit(
    tx: Transaction,
    propertyId: number,
    actor: Actor,
    entry: { description: string; changes: Record<string, { from: unknown; to: unknown }> },
  ) {
    await recordPropertyChange(tx, {
      propertyId,
      actor,
      action: 'schedule',
      isEdit: true,
      editedAt: clock(),
      ...entry,
    });
  }

  return {
    async list(propertyId: number, query: { year?: number }): Promise<ServiceNotes> {
      await requireCalendarProperty(db, propertyId);
      return list(propertyId, query.year ?? defaultCalendarYear(calendarDateIn(clock())));
    },

    async updateMessage(
      propertyId: number,
      change: ServiceNoteKey & { message: string },
      actor: Actor,
    ): Promise<ServiceNotes> {
      const { message, ...key } = change;
      const text = message.trim();
      // A skip always keeps its reason; a write-in or redo message is optional.
      if (key.type === 'skip' && text.length === 0) {
        throw badRequest(CALENDAR_MESSAGES.required, { message: [CALENDAR_MESSAGES.required] });
      }
      await db.transaction(async (tx) => {
        const note = await requireNote(tx, propertyId, key);
        if (note.message === text) return;
        await repo.updateServiceNoteMessage(tx, note.id, text);
        await recordEdit(tx, propertyId, actor, {
          description: `${describeKey(key, note.workday)}: message changed from "${note.message}" to "${text}"`,
          changes: { [`${key.type}.message`]: { from: note.message, to: text } },
        });
      });
      return list(propertyId, key.year);
    },

    async remove(propertyId: number, key: ServiceNoteKey, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const note = await requireNote(tx, propertyId, key);
        await repo.deleteServiceNote(tx, note.id);
        await recordEdit(tx, propertyId, actor, {
          description: `Deleted ${describeKey(key, note.workday)}${note.message ? `: ${note.message}` : ''}`,
          changes: {
            [key.type]: {
              from: { year: key.year, week: key.week, workday: note.workday, message: note.message },
              to: null,
            },
          },
        });
      });
    },
  };
}

export type ServiceNotesService = ReturnType<typeof createServiceNotesService>;
