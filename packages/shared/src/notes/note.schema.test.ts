import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES, NOTE_TYPE } from './note.constants';
import { billingNoteDefaultDate, noteDateIssue, noteFormSchema, noteIssues, type NoteValues } from './note.schema';

const values = (change: Partial<NoteValues> = {}): NoteValues => ({
  serviceDate: '2026-05-04',
  serviceHour: '09:30',
  description: 'Called about the gate',
  rejectionReasons: [],
  reason: null,
  status: null,
  ...change,
});

describe('noteIssues', () => {
  it.each([
    ['a call note with a description', NOTE_TYPE.call, {}, []],
    ['a call note without a description', NOTE_TYPE.call, { description: '' }, ['description: Field is required']],
    [
      'a rejected note without reason or description',
      NOTE_TYPE.rejected,
      { description: '' },
      ['description: Field is required'],
    ],
    [
      'a rejected note with a reason and no description',
      NOTE_TYPE.rejected,
      { description: '', rejectionReasons: ['Just Shopping' as const] },
      [],
    ],
    [
      'a rejected note with a reason and a short description',
      NOTE_TYPE.rejected,
      { description: 'no', rejectionReasons: ['Just Shopping' as const] },
      ['description: Minimum 3 characters'],
    ],
    [
      'a special request with rejection reasons',
      NOTE_TYPE.specialRequest,
      { rejectionReasons: ['Not In Service Area' as const] },
      ['rejectionReasons: Only a rejected note has rejection reasons'],
    ],
    ['a note on 12/31/2050', NOTE_TYPE.private, { serviceDate: '2050-12-31' }, []],
    [
      'a note on 01/01/2051',
      NOTE_TYPE.private,
      { serviceDate: '2051-01-01' },
      ['serviceDate: Choose a date up to 12/31/2050'],
    ],
    [
      'a billing note with a reason on a Friday',
      NOTE_TYPE.billing,
      { reason: 'Card declined', serviceDate: '2026-05-08' },
      [],
    ],
    [
      'a billing note on a Sunday without a reason',
      NOTE_TYPE.billing,
      { serviceDate: '2026-05-10' },
      ['reason: Field is required', 'serviceDate: Weekends cannot be chosen'],
    ],
    [
      'a billing note with a reason outside the billing reasons',
      NOTE_TYPE.billing,
      { reason: 'Because', serviceDate: '2026-05-08' },
      ['reason: Choose a reason from the list'],
    ],
    [
      'a billing note whose date is no date (its own message says so)',
      NOTE_TYPE.billing,
      { reason: 'Card declined', serviceDate: 'soon' },
      [],
    ],
  ])('%s', (_case, typeId, change, expected) => {
    expect(noteIssues(typeId, values(change)).map((issue) => `${issue.path}: ${issue.message}`)).toEqual(expected);
  });
});

describe('billingNoteDefaultDate', () => {
  it.each([
    ['a Friday stays', '2026-05-08', '2026-05-08'],
    ['a Monday stays', '2026-05-11', '2026-05-11'],
    ['a Saturday moves to Monday', '2026-05-09', '2026-05-11'],
    ['a Sunday moves to Monday', '2026-05-10', '2026-05-11'],
    ['a Sunday at the end of a year moves into the next', '2028-12-31', '2029-01-01'],
  ])('%s', (_case, date, expected) => {
    expect(billingNoteDefaultDate(date)).toBe(expected);
  });
});

describe('noteDateIssue', () => {
  it.each([
    ['today', '2026-05-04', undefined, null],
    ['tomorrow', '2026-05-05', undefined, null],
    ['yesterday', '2026-05-03', undefined, NOTE_MESSAGES.datePast],
    ['a past date the note already had', '2026-04-01', '2026-04-01', null],
    ['a past date other than the note had', '2026-04-02', '2026-04-01', NOTE_MESSAGES.datePast],
  ])('%s', (_case, date, saved, expected) => {
    expect(noteDateIssue(date, '2026-05-04', saved)).toBe(expected);
  });
});

describe('noteFormSchema', () => {
  it('makes the description optional on a rejected note once a rejection reason is ticked', () => {
    const form = noteFormSchema(NOTE_TYPE.rejected);
    expect(form.safeParse({ ...values({ description: '' }) }).success).toBe(false);
    expect(form.safeParse({ ...values({ description: '', rejectionReasons: ['Wanted a 1 Time Mow'] }) }).success).toBe(
      true,
    );
  });

  it('fills what the dialog leaves out: no reasons, no billing reason or status', () => {
    const parsed = noteFormSchema(NOTE_TYPE.call).parse({
      serviceDate: '2026-05-04',
      serviceHour: '09:30',
      description: ' Called ',
    });
    expect(parsed).toEqual(values({ description: 'Called' }));
  });
});
