import { z } from 'zod';
import { versionSchema } from '../http/version';
import { addDays, isIsoDate, isoDayOfWeek, isWeekend, type IsoDate } from '../schedule/calendar-date';
import { SCHEDULE_MESSAGES } from '../schedule/schedule.schema';
import { boundedText, choiceOf, idSchema, listOf, requiredText, VALIDATION_MESSAGES } from '../validation';
import { firstBroken } from '../validation/rules';
import {
  BILLING_NOTE_STATUSES,
  BILLING_REASONS,
  NOTE_BULK_DELETE_MAX,
  NOTE_DESCRIPTION_MAX,
  NOTE_DESCRIPTION_MIN,
  NOTE_MAX_DATE,
  NOTE_MESSAGES,
  NOTE_REASON_MAX,
  NOTE_TYPE,
  NOTE_TYPES,
  REJECTION_REASONS,
  type NoteType,
} from './note.constants';

/** 24-hour HH:mm, as notes keep their hour. */
export const NOTE_HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The fields of a note a person fills in, each checked on its own; the rules between fields are `noteIssues`. */
export const noteValuesSchema = z.strictObject({
  serviceDate: requiredText({ required: NOTE_MESSAGES.required, max: 10 }).refine(
    isIsoDate,
    firstBroken(SCHEDULE_MESSAGES.dateInvalid),
  ),
  serviceHour: requiredText({
    required: NOTE_MESSAGES.required,
    pattern: { regex: NOTE_HOUR_PATTERN, message: NOTE_MESSAGES.hourInvalid },
    max: 5,
  }),
  /** Checked against the type and the rejection reasons by `noteIssues`: it may be empty only on a rejected note. */
  description: boundedText({ max: NOTE_DESCRIPTION_MAX }),
  rejectionReasons: listOf(z.enum(REJECTION_REASONS, { error: VALIDATION_MESSAGES.choose }), {
    max: REJECTION_REASONS.length,
  }).default([]),
  /** A billing note's reason (a pick-list option). */
  reason: boundedText({ max: NOTE_REASON_MAX }).nullable().default(null),
  /** A billing note's status: 1 pending, 2 completed. */
  status: choiceOf(BILLING_NOTE_STATUSES).nullable().default(null),
});
export type NoteValues = z.output<typeof noteValuesSchema>;
export type NoteValuesInput = z.input<typeof noteValuesSchema>;

type NoteIssue = { path: keyof NoteValues; message: string };

/**
 * The rules between a note's fields, for its type:
 * - the description needs at least 3 characters, and is required unless a rejected note ticks a rejection reason;
 * - only a rejected note has rejection reasons;
 * - the date is at most 12/31/2050, and a billing note needs a weekday and a reason from `BILLING_REASONS`.
 */
export function noteIssues(typeId: number, values: NoteValues): NoteIssue[] {
  const issues: NoteIssue[] = [];
  const isRejected = typeId === NOTE_TYPE.rejected;
  const hasReasons = values.rejectionReasons.length > 0;
  if (values.description === '') {
    if (!(isRejected && hasReasons)) issues.push({ path: 'description', message: NOTE_MESSAGES.required });
  } else if (values.description.length < NOTE_DESCRIPTION_MIN) {
    issues.push({ path: 'description', message: NOTE_MESSAGES.descriptionMin });
  }
  if (hasReasons && !isRejected) issues.push({ path: 'rejectionReasons', message: NOTE_MESSAGES.reasonsOnlyRejected });
  // A date that is no date already has its own message.
  const hasDate = isIsoDate(values.serviceDate);
  if (hasDate && values.serviceDate > NOTE_MAX_DATE) {
    issues.push({ path: 'serviceDate', message: NOTE_MESSAGES.dateMax });
  }
  if (typeId === NOTE_TYPE.billing) {
    if (!values.reason) issues.push({ path: 'reason', message: NOTE_MESSAGES.required });
    // A reason too long for any option already has its own message.
    else if (values.reason.length <= NOTE_REASON_MAX && !isBillingReason(values.reason)) {
      issues.push({ path: 'reason', message: NOTE_MESSAGES.reasonUnknown });
    }
    if (hasDate && isWeekend(values.serviceDate)) {
      issues.push({ path: 'serviceDate', message: NOTE_MESSAGES.weekend });
    }
  }
  return issues;
}

function isBillingReason(reason: string): boolean {
  return (BILLING_REASONS as readonly string[]).includes(reason);
}

/**
 * The date a new billing note starts with: the given day, or the Monday after it when it falls on a weekend, because
 * a billing note cannot be dated on a Saturday or Sunday.
 */
export function billingNoteDefaultDate(date: IsoDate): IsoDate {
  return isWeekend(date) ? addDays(date, 8 - isoDayOfWeek(date)) : date;
}

/**
 * A note's date cannot be before today (the date picker's minimum). An existing note keeps its own date
 * when it is edited, even once that date has passed, so only a changed date must be today or later.
 */
export function noteDateIssue(date: IsoDate, today: IsoDate, savedDate?: IsoDate): string | null {
  if (date === savedDate) return null;
  return date < today ? NOTE_MESSAGES.datePast : null;
}

/** The refinement that adds `noteIssues` of a type to a schema of the note's fields. */
export function noteRules(typeId: number) {
  return (values: NoteValues, context: z.RefinementCtx) => {
    for (const issue of noteIssues(typeId, values)) {
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
    }
  };
}

/** The note form of one type, with its rules: what the note dialog validates before it sends anything. */
export function noteFormSchema(typeId: NoteType) {
  return noteValuesSchema.superRefine(noteRules(typeId));
}

/** POST /api/customers/{id}/notes. */
export const noteCreateSchema = noteValuesSchema
  .extend({ typeId: choiceOf(NOTE_TYPES) })
  .superRefine((values, context) => noteRules(values.typeId)(values, context));
export type NoteCreateInput = z.input<typeof noteCreateSchema>;
export type NoteCreate = z.output<typeof noteCreateSchema>;

/**
 * PATCH /api/customers/{id}/notes/{noteId}: the note's fields as edited, and the version they were edited from. The
 * type never changes, so the server applies `noteIssues` with the stored one.
 */
export const notePatchSchema = noteValuesSchema.extend({ version: versionSchema });
export type NotePatchInput = z.input<typeof notePatchSchema>;
export type NotePatch = z.output<typeof notePatchSchema>;

/** DELETE /api/customers/{id}/notes: several notes of the record at once. */
export const noteBulkDeleteSchema = z.strictObject({
  ids: listOf(idSchema, { min: 1, max: NOTE_BULK_DELETE_MAX, required: NOTE_MESSAGES.selectNotes }),
});

/** `filter[typeId]` of the notes list: one type or several (private notes list types 2 and 4 together). */
export const NOTE_TYPE_CODES = Object.keys(NOTE_TYPES).map(Number) as NoteType[];

export const noteSchema = z.object({
  id: z.number().int(),
  customerAttributesId: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  serviceDate: z.string(),
  serviceHour: z.string(),
  description: z.string(),
  rejectionReasons: z.array(z.enum(REJECTION_REASONS)),
  reason: z.string().nullable(),
  status: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The author. */
  user: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteResponseSchema = z.object({ message: z.string(), data: noteSchema });
export const notesDeletedResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });
