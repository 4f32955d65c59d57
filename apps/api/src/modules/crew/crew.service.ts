import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  addDays,
  attachmentName,
  calendarDateIn,
  detectPhotoKind,
  formatUsDate,
  isoDateSchema,
  NOTIFICATION_TYPES,
  PHOTO_SNIFF_BYTES,
  VISIT_LATE_DAYS,
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
import { notifyOffice } from '../notifications/notifications.service';
import * as repo from './crew.repo';
import { inRouteOrder, toStop } from './crew.stops';

/**
 * How the crew's day finds a day's stops, for the office's route reports: the same SQL, so a report lists exactly
 * the stops a crew's phone shows. Each is a condition or value of the query's property, which it names `p`.
 */
export {
  isInService as isPropertyInService,
  isScheduledOn as isPropertyScheduledOn,
  propertyAnswersOf,
  savedRoutePosition,
  specialRequestsOf,
} from './crew.repo';
/** The crew's day's order of stops, which the market map's route order starts from. */
export { hazardsOf, inRouteOrder } from './crew.stops';

/** One part of a check-in or check-out request as it arrives: the photo, or a text field (the note). */
export type VisitPart =
  | { type: 'file'; field: string; filename: string; stream: Readable }
  | { type: 'field'; field: string; value: unknown };

/** The field names of a check-in or check-out; the text fields go before the photo. */
export const VISIT_FIELDS = { photo: 'photo', note: 'note', workday: 'workday' } as const;

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

  /** The stop, which must be on the crew's route that day (409 otherwise: the phone's list is out of date). */
  async function requireStop(crew: number, day: IsoDate, propertyId: number): Promise<repo.StopRow> {
    const [stop] = await repo.findStops(db, { crew, day, week: weekOf(day), propertyId });
    if (!stop) throw conflict(VISIT_MESSAGES.notOnRoute);
    return stop;
  }

  async function removeStored(key: string): Promise<void> {
    await files.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'visit photo not removed'));
  }

  /**
   * The day an action is for: the `workday` the phone sent (the day it was taken, which an offline phone sends
   * later), today or up to VISIT_LATE_DAYS before; today when none was sent. 400 for anything else.
   */
  function workdayOf(sent: unknown): IsoDate {
    const day = today();
    if (sent === undefined) return day;
    const parsed = isoDateSchema.safeParse(sent);
    const isInRange = parsed.success && parsed.data <= day && parsed.data >= addDays(day, -VISIT_LATE_DAYS);
    if (!parsed.success || !isInRange) {
      throw badRequest(VISIT_MESSAGES.workdayOutOfRange, { workday: [VISIT_MESSAGES.workdayOutOfRange] });
    }
    return parsed.data;
  }

  /**
   * Reads the request's parts: the fields sent before the photo (the workday, the note), then, once the photo comes,
   * asks `beforePhoto` to check the stop (before any byte is stored) and streams the photo into the store under the
   * key it answers, checked on the way (400 for a file that is not a photo, or too large). Another file is read and
   * dropped. Answers the stored photo, its key, the note and what `beforePhoto` found.
   */
  async function receive<T extends { storageKey: string }>(
    parts: AsyncIterable<VisitPart>,
    beforePhoto: (fields: { workday: unknown }) => Promise<T>,
  ) {
    let photo: { filename: string; contentType: string; size: number } | null = null;
    let checked: T | null = null;
    const fields: { workday: unknown; note: unknown } = { workday: undefined, note: '' };
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.field === VISIT_FIELDS.note) fields.note = part.value;
          if (part.field === VISIT_FIELDS.workday) fields.workday = part.value;
          continue;
        }
        if (part.field !== VISIT_FIELDS.photo || photo) {
          await discard(part.stream);
          continue;
        }
        checked = await beforePhoto(fields);
        const contents = checkUploadContents(part.stream, {
          maxBytes: VISIT_PHOTO_MAX_BYTES,
          sniffBytes: PHOTO_SNIFF_BYTES,
          detect: detectPhotoKind,
          field: VISIT_FIELDS.photo,
          messages: { wrongType: VISIT_MESSAGES.photoWrongType, tooLarge: VISIT_MESSAGES.photoTooLarge },
        });
        const storageKey = checked.storageKey;
        const { size } = await fromStore(() => files.put(storageKey, contents.contents));
        const kind = contents.kind();
        if (!kind) throw new Error('a stored photo has no kind');
        photo = { filename: attachmentName(part.filename), contentType: kind.contentType, size };
      }
      if (!photo || !checked) throw badRequest(VISIT_MESSAGES.photoRequired, { photo: [VISIT_MESSAGES.photoRequired] });
      const parsedNote = visitNoteSchema.safeParse(fields.note);
      if (!parsedNote.success) {
        const message = parsedNote.error.issues[0]?.message ?? VISIT_MESSAGES.photoRequired;
        throw badRequest(message, { note: [message] });
      }
      return { photo, note: parsedNote.data, checked };
    } catch (error) {
      if (photo && checked) await removeStored(checked.storageKey);
      throw error;
    }
  }

  /**
   * One end of a visit: when the photo arrives, checks the day, the stop and its state (before any byte is stored),
   * then stores the photo, then records the visit, its photo and the history entry in one transaction. A failure keeps
   * no photo.
   */
  async function act(
    kind: VisitPhotoKind,
    user: CrewMember,
    propertyId: number,
    parts: AsyncIterable<VisitPart>,
  ): Promise<VisitActionResponse> {
    const crew = crewNumberOf(user);
    const isCheckIn = kind === 'check-in';
    const { photo, note, checked } = await receive(parts, async (fields) => {
      const day = workdayOf(fields.workday);
      const stop = await requireStop(crew, day, propertyId);
      if (isCheckIn && stop.checkedInAt) throw conflict(VISIT_MESSAGES.alreadyCheckedIn);
      if (!isCheckIn && !stop.checkedInAt) throw conflict(VISIT_MESSAGES.notCheckedIn);
      if (!isCheckIn && stop.checkedOutAt) throw conflict(VISIT_MESSAGES.alreadyCheckedOut);
      return { day, storageKey: storageKeyFor(propertyId, day) };
    });
    const { day, storageKey } = checked;
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
      return { workday: day, crewNumber: crew, data: inRouteOrder(rows).map(toStop) };
    },

    checkIn: (user: CrewMember, propertyId: number, parts: AsyncIterable<VisitPart>) =>
      act('check-in', user, propertyId, parts),

    checkOut: (user: CrewMember, propertyId: number, parts: AsyncIterable<VisitPart>) =>
      act('check-out', user, propertyId, parts),
  };
}

export type CrewService = ReturnType<typeof createCrewService>;

/**
 * Tells the office of every stop of `day` that no crew checked in, as customer activity opening the record: run in
 * the evening of the day. A stop it told of already is not told again. Answers how many it told of.
 */
export async function notifyMissedVisits(db: Database, day: IsoDate, at: Date): Promise<number> {
  const prefix = `${VISIT_MESSAGES.missedNotification} ${formatUsDate(day)}`;
  return db.transaction(async (tx) => {
    const missed = await repo.findMissedStops(tx, day, weekOf(day), prefix);
    for (const stop of missed) {
      await notifyOffice(tx, {
        typeId: NOTIFICATION_TYPES.customerActivity,
        name: `${prefix} (crew ${stop.crew})`,
        date: at,
        customerAttributeId: stop.propertyId,
        customerName: stop.customerName === '' ? null : stop.customerName,
      });
    }
    return missed.length;
  });
}
