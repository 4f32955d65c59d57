import { requiredText } from '../validation';

/**
 * The upload dialog the office fills spreadsheets in with (crew payments, prices): a title, then a .csv or .xlsx file
 * dropped or chosen, saved at once; a file with any bad row saves nothing and each bad line is named.
 */
export const UPLOAD_MESSAGES = {
  dialogTitle: 'Price update detail',
  titleRequired: 'Title is required',
  fileRequired: 'Choose a .csv or .xlsx file',
  fileType: 'Only .csv and .xlsx files can be uploaded',
  fileTooLarge: 'The file is too large (at most 5 MB)',
  unreadable: 'The file cannot be read as a .csv or .xlsx file',
  invalid: 'Nothing was saved: fix these lines and upload the file again.',
} as const;

export const UPLOAD_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FILE_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** An upload's title field. */
export const uploadTitleSchema = requiredText({ required: UPLOAD_MESSAGES.titleRequired, max: 100 });

/** Whether a file name is one the upload takes (.csv or .xlsx, any letter case). */
export function isUploadFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
