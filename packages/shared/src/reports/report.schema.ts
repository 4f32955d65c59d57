import { z } from 'zod';
import { CUSTOMER_COLUMN_KEYS } from '../customers/customer.schema';

export const REPORT_STATUSES = ['requested', 'in_progress', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_PAGE_SIZES = [10, 15, 30] as const;

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
    nameDoc: z.string({ error: REPORT_MESSAGES.nameRequired }).trim().min(1, REPORT_MESSAGES.nameRequired).max(100),
    typeDoc: z.enum(REPORT_FORMATS),
    select: z
      .array(z.enum(CUSTOMER_COLUMN_KEYS as [string, ...string[]]))
      .min(1)
      .optional(),
    ids: z.array(z.number().int().positive()).max(10_000).optional(),
    clients: z.literal('all').optional(),
    /** The list's query string parameters (`filter[...]`, `sort`) when clients is 'all'. */
    query: z.record(z.string(), z.string()).optional(),
  })
  .refine((body) => body.clients === 'all' || (body.ids?.length ?? 0) > 0, {
    message: REPORT_MESSAGES.selectCustomer,
    path: ['ids'],
  });
export type CustomerExportInput = z.infer<typeof customerExportSchema>;

export const sendReportSchema = z.strictObject({
  emails: z.array(z.email(REPORT_MESSAGES.emailInvalid)).min(1, REPORT_MESSAGES.emailRequired).max(20),
});
export type SendReportInput = z.infer<typeof sendReportSchema>;
