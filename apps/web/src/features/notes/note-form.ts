import {
  BILLING_NOTE_STATUS,
  BUSINESS_TIME_ZONE,
  billingNoteDefaultDate,
  calendarDateIn,
  NOTE_TYPE,
  noteDateIssue,
  noteFormSchema,
  type IsoDate,
  type Note,
  type NoteType,
  type NoteValuesInput,
  type RejectionReason,
} from '@lawn/shared';
import { checkedFormSchema } from '../../lib/use-schema-form';

/** The fields of the note dialog. */
export type NoteFormValues = {
  serviceDate: IsoDate | null;
  serviceHour: string;
  description: string;
  rejectionReasons: RejectionReason[];
  /** A billing note's reason, one of `BILLING_REASONS`; '' while none is chosen. */
  reason: string;
  /** A billing note's status (`BILLING_NOTE_STATUS`). */
  status: number | null;
};

const hourFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Now in the business's zone, as a note's date and hour: what a new note starts with. */
export function businessNow(now = new Date()): { date: IsoDate; hour: string } {
  return { date: calendarDateIn(now), hour: hourFormatter.format(now) };
}

/**
 * What the dialog starts with: the note's own values, or for a new note now. A new billing note starts pending, and
 * on a weekday: a weekend today moves to the Monday after, since a billing note cannot be dated on a weekend.
 */
export function noteFormValues(typeId: NoteType, note: Note | null, now = businessNow()): NoteFormValues {
  if (!note) {
    const isBilling = typeId === NOTE_TYPE.billing;
    return {
      serviceDate: isBilling ? billingNoteDefaultDate(now.date) : now.date,
      serviceHour: now.hour,
      description: '',
      rejectionReasons: [],
      reason: '',
      status: isBilling ? BILLING_NOTE_STATUS.pending : null,
    };
  }
  return {
    serviceDate: note.serviceDate,
    serviceHour: note.serviceHour,
    description: note.description,
    rejectionReasons: note.rejectionReasons,
    reason: note.reason ?? '',
    status: note.status,
  };
}

/** What the API is sent: a note of another type keeps its empty reason and status as they were. */
export function toNoteValues(values: NoteFormValues): NoteValuesInput {
  return {
    serviceDate: values.serviceDate ?? '',
    serviceHour: values.serviceHour,
    description: values.description.trim(),
    rejectionReasons: values.rejectionReasons,
    reason: values.reason === '' ? null : values.reason,
    status: values.status,
  };
}

/** The fields of the dialog, where the rules and the server's field errors land. */
export const NOTE_FORM_FIELDS: readonly (keyof NoteFormValues)[] = [
  'serviceDate',
  'serviceHour',
  'description',
  'rejectionReasons',
  'reason',
  'status',
];
const isFormField = (field: string): field is keyof NoteFormValues =>
  (NOTE_FORM_FIELDS as readonly string[]).includes(field);

/**
 * Validates with the very rules the API applies: the note schema of the type (required fields, at least 3
 * characters, the rejection reasons, 12/31/2050 at the latest, a billing note's reason and weekday) and a date not before today, which an existing note
 * may keep.
 */
export function noteFormValuesSchema(typeId: NoteType, today: IsoDate, note: Note | null) {
  return checkedFormSchema<NoteFormValues>((values) => {
    const errors: Partial<Record<keyof NoteFormValues, string>> = {};
    const setError = (field: keyof NoteFormValues, message: string) => {
      errors[field] ??= message;
    };
    const parsed = noteFormSchema(typeId).safeParse(toNoteValues(values));
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (typeof field === 'string' && isFormField(field)) setError(field, issue.message);
    }
    if (values.serviceDate && !errors.serviceDate) {
      const issue = noteDateIssue(values.serviceDate, today, note?.serviceDate);
      if (issue) setError('serviceDate', issue);
    }
    return Object.keys(errors).length > 0 ? { errors } : { data: values };
  });
}
