import {
  checkCrewPaymentRow,
  CREW_PAYMENT_COLUMNS,
  CREW_PAYMENT_EXAMPLE_ROW,
  CREW_PAYMENT_FILE_MAX_BYTES,
  CREW_PAYMENT_MESSAGES,
  CREW_PAYMENT_ROWS_MAX,
  crewPaymentTitleSchema,
  isCrewPaymentFileName,
  type CrewPayment,
  type CrewPaymentCells,
  type CrewPaymentRow,
  type CrewPaymentsUploaded,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest, INVALID_DATA_MESSAGE, type FieldErrors } from '../../http/errors';
import type { UploadedFile } from '../../http/file-upload';
import type { ListQuery, ListResult } from '../../http/list-query';
import { existingCrewNumbers } from '../users/users.service';
import * as repo from './crew-payments.repo';
import { readTableFile, TableFileError, tableTemplate, type TableColumn } from '../../imports/table-file';

/** The lines an answer names at most; a file with more bad lines says how many more. */
const PROBLEMS_SHOWN = 100;

/** The columns of a payment file, by the header naming each; Note may be left out. */
const PAYMENT_FILE_COLUMNS = (['crewNumber', 'date', 'amount', 'note'] as const).map((field, index) => ({
  field,
  header: CREW_PAYMENT_COLUMNS[index] ?? field,
  isRequired: field !== 'note',
})) satisfies TableColumn<keyof CrewPaymentCells>[];

function refuse(errors: FieldErrors, message: string = CREW_PAYMENT_MESSAGES.invalid): never {
  throw badRequest(message, errors);
}

function shown(problems: readonly string[]): string[] {
  if (problems.length <= PROBLEMS_SHOWN) return [...problems];
  return [...problems.slice(0, PROBLEMS_SHOWN), `and ${problems.length - PROBLEMS_SHOWN} more lines`];
}

export function createCrewPaymentsService({ db }: { db: Database }) {
  return {
    list: (query: ListQuery): Promise<ListResult<CrewPayment>> => repo.listPayments(db, query),

    template: () => tableTemplate('Crew payments', CREW_PAYMENT_COLUMNS, CREW_PAYMENT_EXAMPLE_ROW),

    /**
     * Saves every row of a payment file, or none: each row is checked (a crew that exists, a real date, a positive
     * amount) and a file with any bad row is refused, naming each bad line, so the office fixes the file and uploads
     * it again without half of it saved.
     */
    async upload(titleInput: unknown, file: UploadedFile | undefined, uploadedBy: number) {
      const errors: FieldErrors = {};
      const title = crewPaymentTitleSchema.safeParse(titleInput ?? '');
      if (!title.success) errors.title = [title.error.issues[0]?.message ?? CREW_PAYMENT_MESSAGES.titleRequired];
      if (!file) errors.file = [CREW_PAYMENT_MESSAGES.fileRequired];
      else if (!isCrewPaymentFileName(file.fileName)) errors.file = [CREW_PAYMENT_MESSAGES.fileType];
      else if (file.bytes.length > CREW_PAYMENT_FILE_MAX_BYTES) errors.file = [CREW_PAYMENT_MESSAGES.fileTooLarge];
      if (!title.success || !file || errors.file) refuse(errors, INVALID_DATA_MESSAGE);

      let lines;
      try {
        lines = await readTableFile(file.fileName, file.bytes, PAYMENT_FILE_COLUMNS);
      } catch (error) {
        if (!(error instanceof TableFileError)) throw error;
        const message =
          error.reason === 'unreadable' ? CREW_PAYMENT_MESSAGES.unreadable : CREW_PAYMENT_MESSAGES.missingColumns;
        refuse({ file: [message] }, message);
      }
      if (lines.length === 0) refuse({ file: [CREW_PAYMENT_MESSAGES.noRows] }, CREW_PAYMENT_MESSAGES.noRows);
      if (lines.length > CREW_PAYMENT_ROWS_MAX) {
        refuse({ file: [CREW_PAYMENT_MESSAGES.tooManyRows] }, CREW_PAYMENT_MESSAGES.tooManyRows);
      }

      const problems: string[] = [];
      const rows: { line: number; row: CrewPaymentRow }[] = [];
      for (const { line, cells } of lines) {
        const checked = checkCrewPaymentRow(cells, line);
        if (checked.problems) problems.push(...checked.problems);
        else rows.push({ line, row: checked.row });
      }
      const crews = await existingCrewNumbers(db, [...new Set(rows.map(({ row }) => row.crewNumber))]);
      for (const { line, row } of rows) {
        if (!crews.has(row.crewNumber)) problems.push(CREW_PAYMENT_MESSAGES.unknownCrew(line, String(row.crewNumber)));
      }
      if (problems.length > 0) {
        // Each line's problems in file order.
        const lineOf = (message: string) => Number(/^Line (\d+)/.exec(message)?.[1] ?? 0);
        refuse({ file: shown(problems.sort((a, b) => lineOf(a) - lineOf(b))) });
      }

      const saved = rows.map(({ row }) => row);
      const id = await db.transaction((tx) =>
        repo.insertUpload(tx, { title: title.data, fileName: file.fileName, rows: saved, uploadedBy }),
      );
      return {
        message: CREW_PAYMENT_MESSAGES.uploaded(saved.length),
        data: { id, title: title.data, rows: saved.length },
      } satisfies CrewPaymentsUploaded;
    },
  };
}

export type CrewPaymentsService = ReturnType<typeof createCrewPaymentsService>;
