import { z } from 'zod';
import {
  isUploadFileName,
  UPLOAD_FILE_EXTENSIONS,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_MESSAGES,
  uploadTitleSchema,
} from '../uploads/upload.schema';
import { unstorableTextMessage } from '../validation';

/** Texts of the crew payments page and its upload dialog, and our own where the product gives none. */
export const CREW_PAYMENT_MESSAGES = {
  ...UPLOAD_MESSAGES,
  noRows: 'The file has no payment rows',
  tooManyRows: 'The file has too many rows (at most 20,000)',
  missingColumns: 'The first row must name the columns: Crew number, Date, Amount, Note',
  uploaded: (rows: number) => (rows === 1 ? '1 payment saved' : `${rows} payments saved`),
  unknownCrew: (line: number, crew: string) => `Line ${line}: crew number ${crew} does not exist`,
  badCrew: (line: number) => `Line ${line}: the crew number must be a whole number from 1 to 99999`,
  badAmount: (line: number) => `Line ${line}: the amount must be a positive number with at most 2 decimals`,
  badDate: (line: number) => `Line ${line}: the date is not valid (MM/DD/YYYY)`,
  badNote: (line: number) => `Line ${line}: the note has at most 255 characters and no broken characters`,
} as const;

/** The columns of a payment file, in the template's order. */
export const CREW_PAYMENT_COLUMNS = ['Crew number', 'Date', 'Amount', 'Note'] as const;
/** The template's example row. */
export const CREW_PAYMENT_EXAMPLE_ROW = ['101', '11/27/2026', '125.50', 'Week 48'] as const;
export const CREW_PAYMENT_FILE_MAX_BYTES = UPLOAD_FILE_MAX_BYTES;
export const CREW_PAYMENT_ROWS_MAX = 20_000;
export const CREW_PAYMENT_FILE_EXTENSIONS = UPLOAD_FILE_EXTENSIONS;
export const CREW_PAYMENTS_PAGE_SIZE = 50;

const AMOUNT_MAX = 99_999_999.99;
const NOTE_MAX = 255;
const CREW_MAX = 99_999;
/** Payment dates the business can have: from 2000 to the product's last date. */
const DATE_MIN = '2000-01-01';
const DATE_MAX = '2050-12-31';

/** The upload's title field. */
export const crewPaymentTitleSchema = uploadTitleSchema;

/** Whether a file name is one the upload takes (.csv or .xlsx, any letter case). */
export const isCrewPaymentFileName = isUploadFileName;

/** One row of a payment file as read: each cell's text. */
export type CrewPaymentCells = { crewNumber: string; date: string; amount: string; note: string };
export type CrewPaymentRow = { crewNumber: number; paidOn: string; amount: number; note: string };

/** `MM/DD/YYYY` (the office's format) or `YYYY-MM-DD` (a spreadsheet's date) to ISO, or null when not a real date. */
export function paymentDate(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
  return value >= DATE_MIN && value <= DATE_MAX ? value : null;
}

/**
 * Checks one row of a payment file (`line` is its line in the file, the header being line 1): a crew number of 1 to 5
 * digits, a real date, a positive amount in dollars and cents, a short note. Answers the row or its problems; whether
 * the crew exists is the server's to say.
 */
export function checkCrewPaymentRow(
  cells: CrewPaymentCells,
  line: number,
): { row: CrewPaymentRow; problems?: never } | { row?: never; problems: string[] } {
  const problems: string[] = [];
  const crewText = cells.crewNumber.trim();
  const crewNumber = /^\d{1,5}$/.test(crewText) ? Number(crewText) : NaN;
  if (!(crewNumber >= 1 && crewNumber <= CREW_MAX)) problems.push(CREW_PAYMENT_MESSAGES.badCrew(line));
  const paidOn = paymentDate(cells.date.trim());
  if (paidOn === null) problems.push(CREW_PAYMENT_MESSAGES.badDate(line));
  const amountText = cells.amount.trim().replace(/^\$/, '').replaceAll(',', '');
  const amount = /^\d+(\.\d{1,2})?$/.test(amountText) ? Number(amountText) : NaN;
  if (!(amount > 0 && amount <= AMOUNT_MAX)) problems.push(CREW_PAYMENT_MESSAGES.badAmount(line));
  const note = cells.note.trim();
  if (note.length > NOTE_MAX || unstorableTextMessage(note) !== null)
    problems.push(CREW_PAYMENT_MESSAGES.badNote(line));
  if (problems.length > 0 || paidOn === null) return { problems };
  return { row: { crewNumber, paidOn, amount, note } };
}

export const crewPaymentSchema = z.object({
  id: z.number().int(),
  crewNumber: z.number().int(),
  /** The day the crew was paid (ISO date). */
  date: z.string(),
  amount: z.number(),
  note: z.string(),
  createdAt: z.string(),
});
export type CrewPayment = z.infer<typeof crewPaymentSchema>;

export const crewPaymentsUploadedSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), title: z.string(), rows: z.number().int() }),
});
export type CrewPaymentsUploaded = z.infer<typeof crewPaymentsUploadedSchema>;
