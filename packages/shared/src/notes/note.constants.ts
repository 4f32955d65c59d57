/** Note type (`typeId`): its code by name, the one place these numbers are written. */
export const NOTE_TYPE = {
  call: 1,
  private: 2,
  specialRequest: 3,
  rejected: 4,
  fifthMow: 5,
  billing: 7,
} as const;

/** Note type labels as the screens and the history name them, by code. */
export const NOTE_TYPES = {
  [NOTE_TYPE.call]: 'Call note',
  [NOTE_TYPE.private]: 'Private note',
  [NOTE_TYPE.specialRequest]: 'Special request',
  [NOTE_TYPE.rejected]: 'Rejected note',
  [NOTE_TYPE.fifthMow]: '5th mow note',
  [NOTE_TYPE.billing]: 'Billing note',
} as const;
export type NoteType = keyof typeof NOTE_TYPES;

/** Status of a billing note. */
export const BILLING_NOTE_STATUS = { pending: 1, completed: 2 } as const;
export const BILLING_NOTE_STATUSES = {
  [BILLING_NOTE_STATUS.pending]: 'Pending',
  [BILLING_NOTE_STATUS.completed]: 'Completed',
} as const;

/**
 * The reasons a billing note can give, in the order the pick list shows them. The product's pick list of billing
 * reasons (pick list 7) has no API here, so the options are written once here and the server refuses any
 * other reason.
 */
export const BILLING_REASONS = [
  'Card declined',
  'Card expired',
  'Refund',
  'Price adjustment',
  'Payment arrangement',
  'Other',
] as const;
export type BillingReason = (typeof BILLING_REASONS)[number];

/**
 * The rejection checkboxes of a rejected note: ticking one is reason enough, so the description becomes optional.
 */
export const REJECTION_REASONS = ['Wanted a 1 Time Mow', 'Just Shopping', 'Not In Service Area'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Notes lists page on the server, 5 notes a page. */
export const NOTES_PAGE_SIZE = 5;
/** The latest date a note can be for: 12/31/2050. */
export const NOTE_MAX_DATE = '2050-12-31';
export const NOTE_DESCRIPTION_MIN = 3;
/** Far beyond a call's summary; keeps one note readable and a request bounded. */
export const NOTE_DESCRIPTION_MAX = 5000;
/** A billing reason is an option of a pick list. */
export const NOTE_REASON_MAX = 100;
/** Bulk delete takes at most one screen's selection many times over. */
export const NOTE_BULK_DELETE_MAX = 100;

/** Exact user-facing texts of the note dialogs and lists, and our own where the spec is silent. */
export const NOTE_MESSAGES = {
  required: 'Field is required',
  descriptionMin: `Minimum ${NOTE_DESCRIPTION_MIN} characters`,
  hourInvalid: 'Enter the time as HH:mm',
  datePast: 'Date cannot be in the past',
  dateMax: 'Choose a date up to 12/31/2050',
  weekend: 'Weekends cannot be chosen',
  reasonsOnlyRejected: 'Only a rejected note has rejection reasons',
  reasonUnknown: 'Choose a reason from the list',
  created: 'Your note has been created.',
  updated: 'Your note has been updated.',
  deleted: 'Your note has been deleted.',
  deleteConfirm: 'Are you sure to delete this note?',
  deleteManyConfirm: 'Are you sure to delete this note(s)?',
  selectNotes: 'Select at least one note',
  notFound: 'Note not found',
  stale: 'Someone else changed this note meanwhile. It now shows their version.',
  saving: 'Saving...',
  attachAfterSave: 'Save the note first, then add its attachments here.',
} as const;
