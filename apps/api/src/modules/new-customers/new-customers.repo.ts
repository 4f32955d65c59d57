import { and, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, properties, type NewCustomerRecord, type NewPropertyRecord } from '../../db/schema';

/**
 * Account numbers are 100000 + the property's id, as the first customers got them: unique, never reused (ids are
 * not), and known before the row is written.
 */
const ACCOUNT_NUMBER_BASE = 100_000;

export async function insertCustomer(db: Executor, values: NewCustomerRecord): Promise<number> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('customer not inserted');
  return row.id;
}

export type NewProperty = Omit<NewPropertyRecord, 'id' | 'accountNumber'>;

/** Writes the property with the next id of its sequence and the account number made of it. */
export async function insertProperty(
  db: Executor,
  values: NewProperty,
): Promise<{ id: number; accountNumber: string }> {
  // The id is taken first so the account number can be written with the row (it is NOT NULL and unique).
  const next = await db.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('properties', 'id')) as id`);
  const id = Number(next.rows[0]?.id);
  const accountNumber = String(ACCOUNT_NUMBER_BASE + id);
  await db.insert(properties).values({ ...values, id, accountNumber });
  return { id, accountNumber };
}

/** Whether a live customer already uses the e-mail address (any letter case). */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = lower(${email})`, isNull(customers.deletedAt)))
    .limit(1);
  return row !== undefined;
}
