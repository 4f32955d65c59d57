import {
  calendarDateIn,
  noteDateIssue,
  noteFormSchema,
  type IsoDate,
  type Note,
  type NoteType,
  type NoteValuesInput,
  type RejectionReason,
} from '@lawn/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The fields of the note dialog. */
export type NoteFormValues = {
  serviceDate: IsoDate | null;
  serviceHour: string;
  description: string;
  rejectionReasons: RejectionReason[];
};

const hourFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Chicago',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Now in the business's zone, as a note's date and hour: what a new note starts with. */
export function businessNow(now = new Date()): { date: IsoDate; hour: string } {
  return { date: calendarDateIn(now), hour: hourFormatter.format(now) };
}

export function noteFormValues(note: Note | null, now = businessNow()): NoteFormValues {
  if (!note) return { serviceDate: now.date, serviceHour: now.hour, description: '', rejectionReasons: [] };
  return {
    serviceDate: note.serviceDate,
    serviceHour: note.serviceHour,
    description: note.description,
    rejectionReasons: note.rejectionReasons,
  };
}

/** What the API is sent; an edited note keeps the fields this dialog does not show (a billing reason, a status). */
export function toNoteValues(values: NoteFormValues, note: Note | null): NoteValuesInput {
  return {
    serviceDate: values.serviceDate ?? '',
    serviceHour: values.serviceHour,
    description: values.description.trim(),
    rejectionReasons: values.rejectionReasons,
    reason: note?.reason ?? null,
    status: note?.status ?? null,
  };
}

/**
 * Validates with the very rules the API applies: the note schema of the type (required fields, at least 3
 * characters, the rejection reasons, 12/31/2050 at the latest) and a date not before today, which an existing note
 * may keep (spec 2 §5).
 */
export function noteResolver(typeId: NoteType, today: IsoDate, note: Note | null): Resolver<NoteFormValues> {
  return (values) => {
    const errors: FieldErrors<NoteFormValues> = {};
    const setError = (field: keyof NoteFormValues, message: string) => {
      if (!errors[field]) errors[field] = { type: 'validate', message };
    };
    const parsed = noteFormSchema(typeId).safeParse(toNoteValues(values, note));
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'serviceDate' || field === 'serviceHour' || field === 'description') setError(field, issue.message);
      if (field === 'rejectionReasons') setError('rejectionReasons', issue.message);
    }
    if (values.serviceDate && !errors.serviceDate) {
      const issue = noteDateIssue(values.serviceDate, today, note?.serviceDate);
      if (issue) setError('serviceDate', issue);
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
