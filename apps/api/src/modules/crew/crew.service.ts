import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  attachmentName,
  calendarDateIn,
  detectPhotoKind,
  PHOTO_SNIFF_BYTES,
  VISIT_MESSAGES,
  VISIT_PHOTO_LABELS,
  VISIT_PHOTO_MAX_BYTES,
  visitNoteSchema,
  weekOf,
  type CrewDay,
  type IsoDate,
  type UserSummary,
  type VisitActionResponse,
  type VisitPhotoKind,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../http/errors';
import type { Logger } from '../../logger';
import { checkUploadContents } from '../../storage/checked-upload';
import type { FileStorage } from '../../storage/file-storage';
import { recordPropertyChange } from '../customers/customers.service';
import { fromStore } from '../notes/attachments.service';
import * as repo from './crew.repo';
import { inRouteOrder, toStop } from './crew.stops';

/** One part of a check-in or check-out request as it arrives: the photo, or a text field (the note). */
export type VisitPart =
  | { type: 'file'; field: string; filename: string; stream: Readable }
  | { type: 'field'; field: string; value: unknown };

/** The field names of a check-in or check-out. */
export const VISIT_FIELDS = { photo: 'photo', note: 'note' } as const;

export type CrewServiceDeps = { db: Database; files: FileStorage; clock: () => Date; logger: Logger };

/** The crew member behind a request, with the crew number their stops are found by. */
type CrewMember = Pick<UserSummary, 'id' | 'fullName' | 'crewNumber'>;

/** Where a photo is kept: under its visit's property and day, by a random name the server makes. */
const storageKeyFor = (propertyId: number, day: IsoDate) => `visits/${propertyId}/${day}/${randomUUID()}`;

async function discard(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}

/**
 * The crew's day: the stops of a crew on today's date (the business's time zone, from the app's clock) and their
 * check-in and check-out, each with a photo kept in the file store and an entry in the customer's history.
 */
export function createCrewService({ db, files, clock, logger }: CrewServiceDeps) {
  const today = (): IsoDate => calendarDateIn(clock());

  function crewNumberOf(user: CrewMember): number {
    if (user.crewNumber === null) throw forbidden(VISIT_MESSAGES.notCrew);
    return user.crewNumber;
  }

  /** The stop, which must be on the crew's route today (409 otherwise: the phone's list is out of date). */
  async function requireStop(crew: number, day: IsoDate, propertyId: number): Promise<repo.StopRow> {
    const [stop] = await repo.findStops(db, { crew, day, week: weekOf(day), propertyId });
    if (!stop) throw conflict(VISIT_MESSAGES.notOnRoute);
    return stop;
  }

  async function removeStored(key: string): Promise<void> {
    await files.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'visit photo not removed'));
  }

  /**
   * Reads the request's parts: streams the photo into the store, checked on the way (400 for a file that is not a
   * photo, or too large), and keeps the note. Another file is read and dropped. Answers the stored photo and the note.
   */
  async function receive(parts: AsyncIterable<VisitPart>, storageKey: string) {
    let photo: { filename: string; contentType: string; size: number } | null = null;
    let note: unknown = '';
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.field === VISIT_FIELDS.note) note = part.value;
          continue;
        }
        if (part.field !== VISIT_FIELDS.photo || photo) {
          await discard(part.stream);
          continue;
        }
        const checked = checkUploadContents(part.stream, {
          maxBytes: VISIT_PHOTO_MAX_BYTES,
          sniffBytes: PHOTO_SNIFF_BYTES,
          detect: detectPhotoKind,
          field: VISIT_FIELDS.photo,
          messages: { wrongType: VISIT_MESSAGES.photoWrongType, tooLarge: VISIT_MESSAGES.photoTooLarge },
        });
        const { size } = await fromStore(() => files.put(storageKey, checked.contents));
        const kind = checked.kind();
        if (!kind) throw new Error('a stored photo has no kind');
        photo = { filename: attachmentName(part.filename), contentType: kind.contentType, size };
      }
      if (!photo) throw badRequest(VISIT_MESSAGES.photoRequired, { photo: [VISIT_MESSAGES.photoRequired] });
      const parsedNote = visitNoteSchema.safeParse(note);
      if (!parsedNote.success) {
        const message = parsedNote.error.issues[0]?.message ?? VISIT_MESSAGES.photoRequired;
        throw badRequest(message, { note: [message] });
      }
      return { photo, note: parsedNote.data };
    } catch (error) {
      if (photo) await removeStored(storageKey);
      throw error;
    }
  }

  /**
   * One end of a visit: checks the stop and its state first (before any byte is stored), then stores the photo, then
   * records the visit, its photo and the history entry in one transaction. A failure keeps no photo.
   */
  async function act(
    kind: VisitPhotoKind,
    user: CrewMember,
    propertyId: number,
    parts: AsyncIterable<VisitPart>,
  ): Promise<VisitActionResponse> {
    const crew = crewNumberOf(user);
    const day = today();
    const stop = await requireStop(crew, day, propertyId);
    const isCheckIn = kind === 'check-in';
    if (isCheckIn && stop.checkedInAt) throw conflict(VISIT_MESSAGES.alreadyCheckedIn);
    if (!isCheckIn && !stop.checkedInAt) throw conflict(VISIT_MESSAGES.notCheckedIn);
    if (!isCheckIn && stop.checkedOutAt) throw conflict(VISIT_MESSAGES.alreadyCheckedOut);

    const storageKey = storageKeyFor(propertyId, day);
    const { photo, note } = await receive(parts, storageKey);
    try {
      await db.transaction(async (tx) => {
        const at = clock();
        const visit = isCheckIn
          ? await repo.checkIn(tx, { propertyId, workday: day, week: weekOf(day), crew, userId: user.id, at })
          : await repo.checkOut(tx, { propertyId, workday: day, note, userId: user.id, at });
        if (!visit) {
          // A concurrent request of the same action got there first.
          throw conflict(isCheckIn ? VISIT_MESSAGES.alreadyCheckedIn : VISIT_MESSAGES.alreadyCheckedOut);
        }
        await repo.insertPhoto(tx, { visitId: visit.id, kind, ...photo, storageKey, userId: user.id });
        const noteText = !isCheckIn && note !== '' ? `: ${note}` : '';
        await recordPropertyChange(tx, {
          propertyId,
          actor: { id: user.id },
          action: 'visit',
          description: `${VISIT_PHOTO_LABELS[kind]} by crew ${crew} (${user.fullName}) on ${day}, photo ${photo.filename}${noteText}`,
          changes: { [`visit.${visit.id}.${kind}`]: { from: null, to: at.toISOString() } },
          isEdit: false,
        });
      });
    } catch (error) {
      await removeStored(storageKey);
      throw error;
    }
    const [updated] = await repo.findStops(db, { crew, day, week: weekOf(day), propertyId });
    if (!updated) throw new Error('a checked stop left the route');
    return {
      message: isCheckIn ? VISIT_MESSAGES.checkedIn : VISIT_MESSAGES.checkedOut,
      data: toStop(updated),
    };
  }

  return {
    /** Today's stops of the signed-in crew member's crew, in route order. */
    async day(user: CrewMember): Promise<CrewDay> {
      const crew = crewNumberOf(user);
      const day = today();
      const rows = await repo.findStops(db, { crew, day, week: weekOf(day) });
      return { workday: day, crewNumber: crew, data: inRouteOrder(rows.map(toStop)) };
    },

    checkIn: (user: CrewMember, propertyId: number, parts: AsyncIterable<VisitPart>) =>
      act('check-in', user, propertyId, parts),

    checkOut: (user: CrewMember, propertyId: number, parts: AsyncIterable<VisitPart>) =>
      act('check-out', user, propertyId, parts),
  };
}

export type CrewService = ReturnType<typeof createCrewService>;
