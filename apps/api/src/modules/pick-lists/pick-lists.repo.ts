import type { PickListOption } from '@lawn/shared';
import { count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pickListOptions } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

export async function listPickListOptions(db: Executor, query: ListQuery): Promise<ListResult<PickListOption>> {
  const [counted] = await db.select({ total: count() }).from(pickListOptions).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select()
    .from(pickListOptions)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows };
}
