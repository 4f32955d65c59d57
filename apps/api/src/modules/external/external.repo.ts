import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, properties } from '../../db/schema';

/** Whether the property (and its customer) still exists: a deleted property's external tokens stop working. */
export async function isLiveProperty(executor: Executor, propertyId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: properties.id })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt), isNull(customers.deletedAt)))
    .limit(1);
  return row !== undefined;
}
