import type { LeadRow } from '@lawn/shared';
import { count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { leads, type LeadRecord } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

export type NewLeadRecord = Pick<
  LeadRecord,
  'name' | 'phone' | 'email' | 'serviceAddress' | 'zipcode' | 'city' | 'state'
>;

export async function insertLead(db: Executor, values: NewLeadRecord): Promise<number> {
  const [row] = await db.insert(leads).values(values).returning({ id: leads.id });
  if (!row) throw new Error('lead not inserted');
  return row.id;
}

const toRow = (lead: LeadRecord): LeadRow => ({ ...lead, createdAt: lead.createdAt.toISOString() });

/** A page of leads in the list's order. */
export async function listLeads(db: Executor, query: ListQuery): Promise<ListResult<LeadRow>> {
  const [counted] = await db.select({ total: count() }).from(leads).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select()
    .from(leads)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toRow) };
}
