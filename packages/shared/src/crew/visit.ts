import { z } from 'zod';
import { boundedText } from '../validation';

/**
 * A crew's visit to a property on a scheduled day: checked in on arrival with a photo, checked out when done with a
 * photo and a note. The photos are the proof of service the office and the customer see.
 */
export const VISIT_NOTE_MAX = 500;
/**
 * An action taken without connection is sent when the phone is back online, for the day it was taken: a visit may be
 * recorded for today or up to this many days before (a phone left offline over a weekend and a holiday).
 */
export const VISIT_LATE_DAYS = 6;
/** A phone's photo, even a large HEIC one, stays well under this. */
export const VISIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** How many leading bytes `detectPhotoKind` needs at most. */
export const PHOTO_SNIFF_BYTES = 16;

/** The photo of each end of a visit. */
export const VISIT_PHOTO_KINDS = ['check-in', 'check-out'] as const;
export type VisitPhotoKind = (typeof VISIT_PHOTO_KINDS)[number];
export const VISIT_PHOTO_LABELS: Readonly<Record<VisitPhotoKind, string>> = {
  'check-in': 'Check-in',
  'check-out': 'Check-out',
};

/** How the office settled a scheduled mow the crew never checked out of. */
export const VISIT_CONFIRMATIONS = ['done', 'skipped'] as const;
export type VisitConfirmation = (typeof VISIT_CONFIRMATIONS)[number];

export type PhotoKind = { contentType: string; extension: string };

const PHOTO = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  heic: { contentType: 'image/heic', extension: 'heic' },
} as const satisfies Record<string, PhotoKind>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The brands of an ISO media file that holds a HEIF/HEIC image (what phone cameras save). */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));

/**
 * A visit's photo is a JPEG, PNG, WebP or HEIC image, recognised by its first bytes, never by its name or the type
 * the phone claims: anything else is refused.
 */
export function detectPhotoKind(head: Uint8Array): PhotoKind | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return PHOTO.jpeg;
  if (PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return PHOTO.png;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return PHOTO.webp;
  if (ascii(head, 4, 'ftyp') && HEIF_BRANDS.some((brand) => ascii(head, 8, brand))) return PHOTO.heic;
  return null;
}

/** What the camera input offers; the server decides by content all the same. */
export const VISIT_PHOTO_ACCEPT = 'image/*';

export const VISIT_MESSAGES = {
  notCrew: 'Only a crew member with a crew number has stops.',
  notOnRoute: 'This stop is not on your route today.',
  alreadyCheckedIn: 'This stop is already checked in.',
  notCheckedIn: 'Check in at this stop before checking out.',
  alreadyCheckedOut: 'This stop is already checked out.',
  photoRequired: 'Take a photo of the property.',
  workdayOutOfRange: `A visit can be recorded for today or the ${VISIT_LATE_DAYS} days before only.`,
  photoWrongType: 'The photo must be a JPEG, PNG, WebP or HEIC image.',
  photoTooLarge: 'The photo is larger than 10 MB.',
  checkedIn: 'Checked in.',
  checkedOut: 'Checked out.',
  noStops: 'No stops today',
  /** The office's notification of a stop not checked in by the evening of its day, followed by the crew. */
  missedNotification: 'Visit missed on',
  waitingToSend: 'Waiting to send',
  notFound: 'Visit not found',
  photoMissing: 'The photo is no longer available.',
  alreadyConfirmed: 'This visit was already settled.',
  confirmedDone: 'The visit was confirmed as done and will be billed.',
  confirmedSkipped: 'The week was marked skipped.',
} as const;

/** The check-out note: what the crew wants the office and the customer to know. */
export const visitNoteSchema = boundedText({ max: VISIT_NOTE_MAX });

/** Where a stop stands today. */
export const VISIT_STATES = ['pending', 'checked-in', 'checked-out'] as const;
export type VisitState = (typeof VISIT_STATES)[number];

/** One stop of the crew's day: where to go, how to get in, what to look out for, and how far the visit is. */
export const crewStopSchema = z.object({
  propertyId: z.number().int(),
  serviceAddress: z.string(),
  city: z.string(),
  zipcode: z.string(),
  gateCode: z.string().nullable(),
  communityCode: z.string().nullable(),
  /** The answers about the property the crew must heed ('Pets in the backyard: Yes'). */
  hazards: z.array(z.string()),
  /** The customer's special requests, newest first. */
  specialRequests: z.array(z.string()),
  state: z.enum(VISIT_STATES),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
});
export type CrewStop = z.infer<typeof crewStopSchema>;

export const crewDayResponseSchema = z.object({
  workday: z.string(),
  crewNumber: z.number().int(),
  data: z.array(crewStopSchema),
});
export type CrewDay = z.infer<typeof crewDayResponseSchema>;

export const visitActionResponseSchema = z.object({ message: z.string(), data: crewStopSchema });
export type VisitActionResponse = z.infer<typeof visitActionResponseSchema>;

/** A photo of a visit as lists show it: its name, type, when it was taken and where to fetch it. */
export const visitPhotoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_PHOTO_KINDS),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type VisitPhoto = z.infer<typeof visitPhotoSchema>;

/** A completed service: a visit the crew checked out of, newest first on the record's Completed services tab. */
export const completedServiceSchema = z.object({
  id: z.number().int(),
  workday: z.string(),
  crewNumber: z.number().int().nullable(),
  note: z.string(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  photos: z.array(visitPhotoSchema),
});
export type CompletedService = z.infer<typeof completedServiceSchema>;

/** The record's Completed services tab pages 10 at a time. */
export const COMPLETED_SERVICES_PAGE_SIZE = 10;

/** A scheduled mow no crew checked out of by the end of the next business day: the office says whether it was done. */
export const visitToConfirmSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  accountNumber: z.string(),
  customerName: z.string(),
  serviceAddress: z.string(),
  workday: z.string(),
  crewNumber: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
});
export type VisitToConfirm = z.infer<typeof visitToConfirmSchema>;

/** The Visits to confirm list pages 10 at a time, oldest first. */
export const VISITS_TO_CONFIRM_PAGE_SIZE = 10;

/** POST /api/billing/visits-to-confirm/{id}/confirm: done (billed) or skipped (the week is marked skipped). */
export const visitConfirmationSchema = z.strictObject({
  result: z.enum(VISIT_CONFIRMATIONS, { error: 'Choose done or skipped' }),
});
export type VisitConfirmationRequest = z.infer<typeof visitConfirmationSchema>;

/** The skip reason the history and the calendar show for a week the office confirmed was not mowed. */
export const UNCONFIRMED_SKIP_REASON = 'Not mowed: confirmed by the office';
