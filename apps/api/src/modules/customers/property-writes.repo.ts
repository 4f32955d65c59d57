import { randomInt } from 'node:crypto';
import { accountNumberFromRandomDigits, ACCOUNT_NUMBER_RANDOM_DIGITS } from '@lawn/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  properties,
  propertyPrices,
  splitPrices,
  type NewPropertyRecord,
  type PropertyPriceValues,
} from '../../db/schema';

// The writes other modules make to a property (a new one, its payment method, its status). The properties table has
// one writer, this module, so its rules (history, versions, account numbers) live in one place; ESLint refuses an
// update, insert or delete of it elsewhere. Other modules reach these through customers.service.ts.

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

export type NewProperty = Omit<NewPropertyRecord, 'id' | 'accountNumber'> & PropertyPriceValues;

/**
 * Writes the property with a new random account number, and its prices' row. A number some property already holds is
 * skipped by the unique index (ON CONFLICT DO NOTHING leaves the transaction usable) and another one is drawn.
 */
export async function insertProperty(
  db: Executor,
  values: NewProperty,
  draw: () => string = drawAccountNumber,
): Promise<{ id: number; accountNumber: string }> {
  const { row: fields } = splitPrices(values);
  for (let attempt = 0; attempt < ACCOUNT_NUMBER_DRAWS; attempt += 1) {
    const accountNumber = draw();
    const [row] = await db
      .insert(properties)
      .values({ ...fields, accountNumber })
      .onConflictDoNothing({ target: properties.accountNumber })
      .returning({ id: properties.id });
    if (!row) continue;
    await db.insert(propertyPrices).values({
      propertyId: row.id,
      costService: values.costService,
      subtotalMowing: values.subtotalMowing,
      calculatedTax: values.calculatedTax,
      totalMowing: values.totalMowing,
    });
    return { id: row.id, accountNumber };
  }
  throw new Error(`no free account number after ${ACCOUNT_NUMBER_DRAWS} draws`);
}

export type PaymentMethodValues = {
  paymentType: number;
  cardType: number | null;
  cardLastFour: string | null;
  cardExpiry: string | null;
  bankLastFour: string | null;
  billingName: string;
  paymentToken: string;
};

/** The payment method on file: its kind, last four digits, expiry, name and the gateway's token, never a number. */
export async function savePaymentMethod(db: Executor, id: number, values: PaymentMethodValues): Promise<void> {
  await db.update(properties).set(values).where(eq(properties.id, id));
}

/** A property's customer status (CUSTOMER_STATUS), e.g. back to Active once a declined card is replaced. */
export async function setPropertyStatus(db: Executor, id: number, status: number): Promise<void> {
  await db.update(properties).set({ status }).where(eq(properties.id, id));
}

/** Moves a property to the expired-card list (Card declined); false when it was there already. */
export async function markCardDeclined(tx: Executor, propertyId: number, status: number): Promise<boolean> {
  const changed = await tx
    .update(properties)
    .set({ status })
    .where(and(eq(properties.id, propertyId), sql`${properties.status} <> ${status}`))
    .returning({ id: properties.id });
  return changed.length > 0;
}

/** A property's crew before a crew change. */
export type CrewBefore = { id: number; crew: number | null };

/**
 * Gives the live properties of `marketId` among `ids` the crew `crew` (null: none) and answers each one's crew before.
 * The rows are locked in id order first, so two office users changing crews of the same properties at once wait for
 * each other and never deadlock: both land, the later one last. Ids of another market or of a deleted property are left
 * out of the answer and untouched.
 */
export async function setPropertiesCrew(
  tx: Executor,
  { marketId, ids, crew }: { marketId: number; ids: readonly number[]; crew: number | null },
): Promise<CrewBefore[]> {
  const before = await tx
    .select({ id: properties.id, crew: properties.crew })
    .from(properties)
    .where(
      and(inArray(properties.id, [...ids]), eq(properties.marketId, marketId), sql`${properties.deletedAt} is null`),
    )
    .orderBy(asc(properties.id))
    .for('update');
  if (before.length === 0) return [];
  await tx
    .update(properties)
    .set({ crew })
    .where(
      inArray(
        properties.id,
        before.map((row) => row.id),
      ),
    );
  return before;
}

/** A property's new prices: the base price of one mow, the subtotal, tax and total the pricing engine gave. */
export type PropertyPrices = {
  id: number;
  costService: number;
  subtotalMowing: number;
  calculatedTax: number;
  totalMowing: number;
};

/**
 * Writes many properties' prices in one statement: their prices' rows only, so the wide property rows and their list
 * indexes stay as they are (ADR 0058); the caller's history entries say who changed them. Raw SQL: the query builder
 * has no UPDATE ... FROM unnest(...), and one statement per property would take hours at a million properties.
 */
export async function writePropertyPrices(tx: Executor, rows: readonly PropertyPrices[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof PropertyPrices>(key: K) => sql.param(rows.map((row) => row[key]));
  await tx.execute(sql`
    update ${propertyPrices} as p set
      cost_service = v.cost, subtotal_mowing = v.subtotal, calculated_tax = v.tax, total_mowing = v.total
    from unnest(
      ${column('id')}::int[], ${column('costService')}::numeric[], ${column('subtotalMowing')}::numeric[],
      ${column('calculatedTax')}::numeric[], ${column('totalMowing')}::numeric[]
    ) as v(id, cost, subtotal, tax, total)
    where p.property_id = v.id`);
}
