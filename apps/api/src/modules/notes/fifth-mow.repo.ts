import { BILLING_NOTE_STATUS, NOTE_TYPE, type BillingReason } from '@lawn/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, notes, properties } from '../../db/schema';

/** The reason of a billing note about a card the gateway declined (one of the billing reasons). */
const CARD_DECLINED_REASON = 'Card declined' satisfies BillingReason;

/**
 * The property's payment type and customer, and the customer's 5th mow note if any property of theirs has one;
 * `lock` holds the customer for the rest of the transaction, so two applications for one customer never both pass.
 */
export async function findFifthMowFacts(
  executor: Executor,
  propertyId: number,
  options: { lock?: boolean } = {},
): Promise<{ customerId: number; paymentType: number | null; note: string | null } | null> {
  const [property] = await executor
    .select({ customerId: properties.customerId, paymentType: properties.paymentType })
    .from(properties)
    .where(and(eq(properties.id, propertyId), sql`${properties.deletedAt} is null`));
  if (!property) return null;
  if (options.lock) {
    await executor
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, property.customerId))
      .for('update');
  }
  const [note] = await executor
    .select({ description: notes.description })
    .from(notes)
    .innerJoin(properties, eq(properties.id, notes.propertyId))
    .where(and(eq(properties.customerId, property.customerId), eq(notes.typeId, NOTE_TYPE.fifthMow)))
    .orderBy(asc(notes.id))
    .limit(1);
  return { ...property, note: note?.description ?? null };
}

/**
 * What the pop-up on opening a record lists: the billing notes about a declined card still pending, and the 5th mow
 * notes, oldest first.
 */
export async function popupNotes(executor: Executor, propertyId: number) {
  return executor
    .select({ typeId: notes.typeId, serviceDate: notes.serviceDate, description: notes.description })
    .from(notes)
    .where(
      and(
        eq(notes.propertyId, propertyId),
        inArray(notes.typeId, [NOTE_TYPE.billing, NOTE_TYPE.fifthMow]),
        sql`(${notes.typeId} = ${NOTE_TYPE.fifthMow} or (${notes.reason} = ${CARD_DECLINED_REASON} and ${notes.status} = ${BILLING_NOTE_STATUS.pending}))`,
      ),
    )
    .orderBy(asc(notes.serviceDate), asc(notes.id));
}
