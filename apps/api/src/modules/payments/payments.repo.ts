import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, properties, propertyPrice } from '../../db/schema';

/** What the payment pages read of a property: its address, account, customer and payment method (never a number). */
const paymentColumns = {
  id: properties.id,
  customerId: properties.customerId,
  serviceAddress: properties.serviceAddress,
  accountNumber: properties.accountNumber,
  customerFirstName: properties.customerFirstName,
  customerLastName: properties.customerLastName,
  customerEmail: properties.customerEmail,
  status: properties.status,
  paymentType: properties.paymentType,
  cardType: properties.cardType,
  cardLastFour: properties.cardLastFour,
  cardExpiry: properties.cardExpiry,
  bankLastFour: properties.bankLastFour,
  billingName: properties.billingName,
  paymentToken: properties.paymentToken,
  totalMowing: propertyPrice('totalMowing'),
};

export type PaymentPropertyRow = {
  id: number;
  customerId: number;
  serviceAddress: string;
  accountNumber: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string | null;
  status: number;
  paymentType: number | null;
  cardType: number | null;
  cardLastFour: string | null;
  cardExpiry: string | null;
  bankLastFour: string | null;
  billingName: string | null;
  paymentToken: string | null;
  /** The price of each mow with tax: what a charge authorization names. */
  totalMowing: number;
};

const live = isNull(properties.deletedAt);

export async function findPaymentProperty(db: Executor, id: number): Promise<PaymentPropertyRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(properties)
    .where(and(eq(properties.id, id), live));
  return row ?? null;
}

/** The property's row, locked until the transaction ends, so two changes of its payment method apply one by one. */
export async function lockPaymentProperty(db: Executor, id: number): Promise<PaymentPropertyRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(properties)
    .where(and(eq(properties.id, id), live))
    .for('update');
  return row ?? null;
}

/** A customer's live properties, oldest first (the first is usually the one they signed up with). */
export async function listPaymentProperties(db: Executor, customerId: number): Promise<PaymentPropertyRow[]> {
  return db
    .select(paymentColumns)
    .from(properties)
    .where(and(eq(properties.customerId, customerId), live))
    .orderBy(asc(properties.id));
}

/** The live customer a web sign-in belongs to, if any. */
export async function findCustomerOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, userId), isNull(customers.deletedAt)));
  return row?.id ?? null;
}
