import { randomInt } from 'node:crypto';
import { accountNumberFromRandomDigits, ACCOUNT_NUMBER_RANDOM_DIGITS } from '@lawn/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, properties, type NewCustomerRecord, type NewPropertyRecord } from '../../db/schema';

/**
 * How many fresh numbers a new property tries before giving up. Two properties drawing the same 11 random digits is
 * about one in a hundred billion per property, so a second draw is already rare; five never all collide in practice.
 */
const ACCOUNT_NUMBER_DRAWS = 5;

/**
 * A new account number: 11 random digits (the first not 0) from the operating system's secure generator, and their
 * check digit. Random rather than counted, so no one can reach other customers' numbers by adding one to their own.
 */
export function drawAccountNumber(): string {
  const first = String(randomInt(1, 10));
  let rest = '';
  for (let index = 1; index < ACCOUNT_NUMBER_RANDOM_DIGITS; index += 1) rest += String(randomInt(0, 10));
  return accountNumberFromRandomDigits(`${first}${rest}`);
}

export async function insertCustomer(db: Executor, values: NewCustomerRecord): Promise<number> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('customer not inserted');
  return row.id;
}

export type NewProperty = Omit<NewPropertyRecord, 'id' | 'accountNumber'>;

/**
 * Writes the property with a new random account number. A number some property already holds is skipped by the
 * unique index (ON CONFLICT DO NOTHING leaves the transaction usable) and another one is drawn.
 */
export async function insertProperty(
  db: Executor,
  values: NewProperty,
  draw: () => string = drawAccountNumber,
): Promise<{ id: number; accountNumber: string }> {
  for (let attempt = 0; attempt < ACCOUNT_NUMBER_DRAWS; attempt += 1) {
    const accountNumber = draw();
    const [row] = await db
      .insert(properties)
      .values({ ...values, accountNumber })
      .onConflictDoNothing({ target: properties.accountNumber })
      .returning({ id: properties.id });
    if (row) return { id: row.id, accountNumber };
  }
  throw new Error(`no free account number after ${ACCOUNT_NUMBER_DRAWS} draws`);
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
    .where(and(sql`lower(${customers.email}) = lower(${email})`, isNull(customers.deletedAt)))
    .limit(1)
    .for('update');
  return row && row.email !== null ? { ...row, email: row.email } : undefined;
}
