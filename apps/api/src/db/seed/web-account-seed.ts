import { ORDER_STATUS } from '@lawn/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/auth.service';
import type { Database } from '../client';
import { customers, properties, users } from '../schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD } from './demo-data';

/**
 * Gives the first demo customer with an approved, live property a web account: the customer's address becomes
 * DEMO_CUSTOMER_EMAIL, and a customers-role user with the demo password is linked to them. Does nothing once that
 * address has an account, or when there is no such customer.
 */
export async function seedDemoWebAccount(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_CUSTOMER_EMAIL}`);
    if (taken) return;
    const [customer] = await tx
      .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .innerJoin(properties, eq(properties.customerId, customers.id))
      .where(
        and(
          eq(properties.statusOrders, ORDER_STATUS.approved),
          isNull(properties.deletedAt),
          isNull(customers.deletedAt),
          isNull(customers.userId),
        ),
      )
      .orderBy(asc(customers.id))
      .limit(1);
    if (!customer) return;
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_CUSTOMER_EMAIL,
        firstName: customer.firstName,
        lastName: customer.lastName,
        role: 'customers',
        passwordHash,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('demo web account not inserted');
    await tx
      .update(customers)
      .set({ email: DEMO_CUSTOMER_EMAIL, userId: user.id })
      .where(eq(customers.id, customer.id));
    // Properties carry a copy of their customer's address for the lists.
    await tx
      .update(properties)
      .set({ customerEmail: DEMO_CUSTOMER_EMAIL })
      .where(eq(properties.customerId, customer.id));
  });
}
