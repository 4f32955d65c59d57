import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, properties, users } from '../../db/schema';

/** The customer to invite: names, address and the account already linked, if any. */
export async function findCustomer(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      userId: customers.userId,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The customer a live property belongs to, or undefined. */
export async function findCustomerIdOfProperty(db: Executor, propertyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: properties.customerId })
    .from(properties)
    .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)));
  return row?.customerId;
}

export async function linkUser(db: Executor, customerId: number, userId: number): Promise<void> {
  await db.update(customers).set({ userId }).where(eq(customers.id, customerId));
}

/** The web account linked to a customer, with what the invitation e-mail needs. */
export async function findLinkedAccount(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      status: users.status,
      email: users.email,
      firstName: customers.firstName,
    })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.id, customerId));
  return row;
}
