import { CUSTOMER_COLUMN_KEYS, type CustomerColumn, type ReportFormat } from '@lawn/shared';
import { z } from 'zod';

const SLUG_MAX = 80;

/** `March customers (all)!` -> `march-customers-all`; names with nothing usable become `report`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'report';
}

/** The download name: the slug of the report's name plus the format's extension. */
export function reportFilename(name: string, format: ReportFormat): string {
  return `${slugify(name)}.${format}`;
}

/** Where a report's file is stored: per owner, prefixed with the id so equal names never collide. */
export function reportStorageKey(report: { id: number; userId: number; filename: string }): string {
  return `reports/${report.userId}/${report.id}-${report.filename}`;
}

/** What a customer-list report stores in `reports.query`: the columns and the selection to export. */
export const customerReportQuerySchema = z.object({
  select: z.array(z.enum(CUSTOMER_COLUMN_KEYS as [CustomerColumn, ...CustomerColumn[]])).min(1),
  ids: z.array(z.number().int().positive()).optional(),
  query: z.record(z.string(), z.string()).optional(),
});
export type CustomerReportQuery = z.infer<typeof customerReportQuerySchema>;

export const CUSTOMER_LIST_REPORT_TYPE = 'customer-list';
