import type { CrewPayment, CrewPaymentRow } from '@lawn/shared';
import { count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crewPayments, crewPaymentUploads } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters (5 a row). */
const INSERT_BATCH = 2_000;

export async function insertUpload(
  tx: Executor,
  upload: { title: string; fileName: string; rows: readonly CrewPaymentRow[]; uploadedBy: number },
): Promise<number> {
  const [created] = await tx
    .insert(crewPaymentUploads)
    .values({
      title: upload.title,
      fileName: upload.fileName.slice(0, 255),
      rowCount: upload.rows.length,
      uploadedBy: upload.uploadedBy,
    })
    .returning({ id: crewPaymentUploads.id });
  if (!created) throw new Error('upload not saved');
  for (let start = 0; start < upload.rows.length; start += INSERT_BATCH) {
    const batch = upload.rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, uploadId: created.id }));
    await tx.insert(crewPayments).values(batch);
  }
  return created.id;
}

export async function listPayments(db: Executor, query: ListQuery): Promise<ListResult<CrewPayment>> {
  const [counted] = await db.select({ total: count() }).from(crewPayments).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select({
      id: crewPayments.id,
      crewNumber: crewPayments.crewNumber,
      date: crewPayments.paidOn,
      amount: crewPayments.amount,
      note: crewPayments.note,
      createdAt: crewPayments.createdAt,
    })
    .from(crewPayments)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return {
    render: 'paginate',
    total,
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
