import { ORDER_STATUS } from '@lawn/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, properties, propertyPrice } from '../../db/schema';

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

/** What a look-up answers of a property besides its token. */
export type ExternalAccountRow = {
  propertyId: number;
  customerId: number;
  firstName: string;
  contactNumber: string;
  weekDay: number;
  accountNumber: string;
  totalMowing: number;
  serviceAddress: string;
};

const accountColumns = {
  propertyId: properties.id,
  customerId: properties.customerId,
  firstName: customers.firstName,
  contactNumber: customers.contactNumber,
  weekDay: properties.weekDay,
  accountNumber: properties.accountNumber,
  totalMowing: propertyPrice('totalMowing'),
  serviceAddress: properties.serviceAddress,
};

/** Only live properties of live customers: the same rule the token guard applies on every later request. */
const isLive = and(isNull(properties.deletedAt), isNull(customers.deletedAt));

/**
 * What the look-ups reach: live properties whose order the office has approved. An order still pending (or rejected)
 * is not the customer's to open yet: a public sign-up may have added it to a customer by their e-mail address alone,
 * and its account number must not read that customer's name and phone before the office has confirmed it (ADR 0030).
 */
const isReachable = and(isLive, eq(properties.statusOrders, ORDER_STATUS.approved));

/**
 * The live customers with this phone (10 digits, as stored) who have an approved property, at most `limit` of them: the
 * phone door needs to know only whether there is none, one, or more than one.
 */
export async function findCustomersByPhone(executor: Executor, phone: string, limit: number): Promise<number[]> {
  const rows = await executor
    .selectDistinct({ id: customers.id })
    .from(customers)
    .innerJoin(properties, eq(properties.customerId, customers.id))
    .where(and(eq(customers.contactNumber, phone), isReachable))
    .orderBy(asc(customers.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The approved live properties of one live customer, oldest first. */
export function findAccountsOfCustomer(
  executor: Executor,
  customerId: number,
  limit: number,
): Promise<ExternalAccountRow[]> {
  return executor
    .select(accountColumns)
    .from(customers)
    .innerJoin(properties, eq(properties.customerId, customers.id))
    .where(and(eq(customers.id, customerId), isReachable))
    .orderBy(asc(properties.id))
    .limit(limit);
}

/** The approved live property holding this account number, if any (account numbers are unique). */
export async function findAccountByNumber(
  executor: Executor,
  accountNumber: string,
): Promise<ExternalAccountRow | undefined> {
  const [row] = await executor
    .select(accountColumns)
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(eq(properties.accountNumber, accountNumber), isReachable))
    .limit(1);
  return row;
}

/** What the customer of a live property knows of it: the service zip code and the phone on file. */
export async function findIdentityFacts(
  executor: Executor,
  propertyId: number,
): Promise<{ zipcode: string; contactNumber: string } | undefined> {
  const [row] = await executor
    .select({ zipcode: properties.zipcode, contactNumber: customers.contactNumber })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(eq(properties.id, propertyId), isLive))
    .limit(1);
  return row;
}
