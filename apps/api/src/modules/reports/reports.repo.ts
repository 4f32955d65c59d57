import type { Report } from '@lawn/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reports, type NewReportRow, type ReportRow } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    name: row.name,
    filename: row.filename,
    format: row.format,
    status: row.status,
    rowCount: row.rowCount,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const owned = (userId: number, id: number) => and(eq(reports.id, id), eq(reports.userId, userId));

export async function insertReport(db: Executor, values: NewReportRow): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) throw new Error('report not inserted');
  return row;
}

export async function listReports(db: Executor, userId: number, query: ListQuery): Promise<ListResult<Report>> {
  const where = and(eq(reports.userId, userId), query.where);
  const [counted] = await db.select({ total: count() }).from(reports).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select()
    .from(reports)
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toReport) };
}

export async function findOwnedReport(db: Executor, userId: number, id: number): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(owned(userId, id));
  return row ?? null;
}

export async function deleteOwnedReport(db: Executor, userId: number, id: number): Promise<ReportRow | null> {
  const [row] = await db.delete(reports).where(owned(userId, id)).returning();
  return row ?? null;
}

export async function reportExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
  return row !== undefined;
}

export async function deleteReport(db: Executor, id: number): Promise<void> {
  await db.delete(reports).where(eq(reports.id, id));
}

/** failed -> requested, for a retry; null when the report is not the user's or not failed. */
export async function requeueFailedReport(db: Executor, userId: number, id: number): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'requested', rowCount: 0, failureReason: null, completedAt: null, filePath: null })
    .where(and(owned(userId, id), eq(reports.status, 'failed')))
    .returning();
  return row ?? null;
}

/** Back to failed, when a retry could not be queued. */
export async function restoreFailedReport(db: Executor, id: number, reason: string | null): Promise<void> {
  await db
    .update(reports)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(reports.id, id), eq(reports.status, 'requested')));
}

/**
 * Claims a report for a (re-)run: anything but completed goes to in_progress with its progress reset. Null when the
 * report is gone or already completed, so a duplicate run does nothing.
 */
export async function startReport(db: Executor, id: number): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'in_progress', rowCount: 0, failureReason: null, completedAt: null, filePath: null })
    .where(and(eq(reports.id, id), ne(reports.status, 'completed')))
    .returning();
  return row ?? null;
}

/** Progress of a running report; false when it is no longer running (deleted meanwhile). */
export async function updateReportProgress(db: Executor, id: number, rowCount: number): Promise<boolean> {
  const updated = await db
    .update(reports)
    .set({ rowCount })
    .where(and(eq(reports.id, id), eq(reports.status, 'in_progress')))
    .returning({ id: reports.id });
  return updated.length > 0;
}

export async function completeReport(
  db: Executor,
  id: number,
  values: { filePath: string; rowCount: number },
): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'completed', ...values, failureReason: null, completedAt: sql`now()` })
    .where(and(eq(reports.id, id), eq(reports.status, 'in_progress')))
    .returning();
  return row ?? null;
}

export async function failReport(db: Executor, id: number, reason: string): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'failed', failureReason: reason, completedAt: null, filePath: null })
    .where(and(eq(reports.id, id), ne(reports.status, 'completed')))
    .returning();
  return row ?? null;
}

/** Reports still requested or in progress, oldest first: after a stop or a crash, their job may have died with it. */
export async function unfinishedReports(db: Executor): Promise<Pick<ReportRow, 'id' | 'status' | 'type'>[]> {
  return db
    .select({ id: reports.id, status: reports.status, type: reports.type })
    .from(reports)
    .where(inArray(reports.status, ['requested', 'in_progress']))
    .orderBy(asc(reports.id));
}
