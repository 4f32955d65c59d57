import type { Database } from '../db/client';
import { customers, markets, properties, propertyPrices } from '../db/schema';

export type FixtureCustomer = {
  firstName: string;
  lastName: string;
  serviceAddress?: string;
  status?: number;
  crew?: number | null;
  subtotalMowing?: number;
  lastEditedBy?: number | null;
};

let accountCounter = 0;

/** A market and one live, approved property per given customer; returns the property ids in insertion order. */
export async function insertCustomers(db: Database, people: readonly FixtureCustomer[]): Promise<number[]> {
  const [market] = await db
    .insert(markets)
    .values({ name: `Market ${Date.now()}-${Math.random()}`.slice(0, 40), taxRate: 8.25 })
    .returning({ id: markets.id });
  if (!market) throw new Error('market not inserted');
  const ids: number[] = [];
  for (const person of people) {
    accountCounter += 1;
    const [customer] = await db
      .insert(customers)
      .values({ firstName: person.firstName, lastName: person.lastName, contactNumber: '2105550100' })
      .returning({ id: customers.id });
    if (!customer) throw new Error('customer not inserted');
    const subtotal = person.subtotalMowing ?? 35;
    const tax = Math.round(subtotal * 8.25) / 100;
    const [property] = await db
      .insert(properties)
      .values({
        customerId: customer.id,
        accountNumber: `T${String(accountCounter).padStart(6, '0')}`,
        marketId: market.id,
        serviceAddress: person.serviceAddress ?? `${accountCounter} Main St`,
        city: 'San Antonio',
        state: 'TX',
        zipcode: '78201',
        weekDay: 1,
        srvFrequency: 1,
        status: person.status ?? 1,
        statusOrders: 1,
        crew: person.crew === undefined ? 12 : person.crew,
        taxRate: 8.25,
        lastEditedBy: person.lastEditedBy ?? null,
      })
      .returning({ id: properties.id });
    if (!property) throw new Error('property not inserted');
    await db.insert(propertyPrices).values({
      propertyId: property.id,
      costService: subtotal,
      subtotalMowing: subtotal,
      calculatedTax: tax,
      totalMowing: subtotal + tax,
    });
    ids.push(property.id);
  }
  return ids;
}
