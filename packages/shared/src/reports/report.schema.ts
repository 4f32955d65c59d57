import { z } from 'zod';
import { CUSTOMER_COLUMN_KEYS } from '../customers/customer.schema';
import { boundedText, emailAddress, idSchema, listOf, requiredText, VALIDATION_MESSAGES } from '../validation';

export const REPORT_STATUSES = ['requested', 'in_progress', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_PAGE_SIZES = [10, 15, 30] as const;
const REPORT_NAME_MAX = 100;
/** Chosen rows an export may name; more than that is an export of the whole filtered list (clients 'all'). */
const EXPORT_IDS_MAX = 10_000;

export const REPORT_MESSAGES = {
  nameRequired: 'Field is required',
  selectCustomer: 'Select at least one customer',
  processing: 'The report is being processed',
  deleteConfirm: 'Are you sure you want to delete this report?',
  deleteDetail: 'This action cannot be undone',
  deleted: 'Report Successfully deleted',
  emailInvalid: 'Invalid email',
  emailRequired: 'Field is required',
  mailSent: 'The mail was sent correctly',
  notReady: 'The report is not ready yet',
  notFound: 'Report not found',
} as const;

export const reportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Download name, e.g. `march-customers.xlsx`. */
  filename: z.string(),
  format: z.enum(REPORT_FORMATS),
  status: z.enum(REPORT_STATUSES),
  /** Rows written so far (progress while in_progress, the total when completed). */
  rowCount: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * Export of the customer list: either the chosen ids, or `clients: 'all'` with the list's own
 * filter and sort (everything matching, as Select all promises).
 */
export const customerExportSchema = z
  .strictObject({
    nameDoc: requiredText({ required: REPORT_MESSAGES.nameRequired, max: REPORT_NAME_MAX }),
    typeDoc: z.enum(REPORT_FORMATS, { error: VALIDATION_MESSAGES.choose }),
    select: listOf(z.enum(CUSTOMER_COLUMN_KEYS as [string, ...string[]], { error: VALIDATION_MESSAGES.choose }), {
      min: 1,
      max: CUSTOMER_COLUMN_KEYS.length,
    }).optional(),
    ids: listOf(idSchema, { max: EXPORT_IDS_MAX }).optional(),
    clients: z.literal('all').optional(),
    /** The list's query string parameters (`filter[...]`, `sort`) when clients is 'all'; checked like a list query. */
    query: z
      .record(
        requiredText({ required: VALIDATION_MESSAGES.required, max: 100, trim: false }),
        boundedText({ max: 1000, trim: false }),
      )
      .optional(),
  })
  .refine((body) => body.clients === 'all' || (body.ids?.length ?? 0) > 0, {
    message: REPORT_MESSAGES.selectCustomer,
    path: ['ids'],
  });
export type CustomerExportInput = z.infer<typeof customerExportSchema>;

export const sendReportSchema = z.strictObject({
  emails: listOf(emailAddress({ invalid: REPORT_MESSAGES.emailInvalid }), {
    min: 1,
    max: 20,
    required: REPORT_MESSAGES.emailRequired,
  }),
});
export type SendReportInput = z.infer<typeof sendReportSchema>;
