import type { Executor } from '../../db/client';
import { customers, liveCustomerWithEmail, type NewCustomerRecord } from '../../db/schema';

export async function insertCustomer(db: Executor, values: NewCustomerRecord): Promise<number> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('customer not inserted');
  return row.id;
}

/** The live customer of an e-mail address (any letter case): who a public sign-up with that address joins. */
export type CustomerOfEmail = { id: number; userId: number | null; firstName: string; lastName: string; email: string };

/**
 * The live customer using the e-mail address, locked until the transaction ends, so it is not deleted or given
 * another address while a property joins it.
 */
export async function lockCustomerOfEmail(db: Executor, email: string): Promise<CustomerOfEmail | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      userId: customers.userId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(customers)
    .where(liveCustomerWithEmail(email))
    .limit(1)
    .for('update');
  return row && row.email !== null ? { ...row, email: row.email } : undefined;
}
