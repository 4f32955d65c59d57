import { isApprovedOrderStatus, ORDER_STATUS } from '@lawn/shared';
import type { Database } from '../db/client';
import {
  customers,
  markets,
  properties,
  propertyPrices,
  splitPrices,
  type NewCustomerRecord,
  type NewPropertyRecord,
  type PropertyPriceValues,
} from '../db/schema';

let sequence = 0;

export async function insertMarket(db: Database, name: string, taxRate = 8.25): Promise<number> {
  const [market] = await db.insert(markets).values({ name, taxRate }).returning({ id: markets.id });
  if (!market) throw new Error('market not inserted');
  return market.id;
}

export type RecordFixture = {
  marketId: number;
  customer?: Partial<NewCustomerRecord>;
  /** Another property of an existing customer instead of a new customer. */
  customerId?: number;
  /** The property's fields, its prices among them. */
  property?: Partial<NewPropertyRecord & PropertyPriceValues>;
};

/** One live, approved, active property (and its customer unless customerId is given); returns both ids. */
export async function insertRecord(
  db: Database,
  fixture: RecordFixture,
): Promise<{ id: number; customerId: number; accountNumber: string }> {
  sequence += 1;
  let customerId = fixture.customerId;
  if (customerId === undefined) {
    const [customer] = await db
      .insert(customers)
      .values({
        firstName: 'Pat',
        lastName: `Doe${sequence}`,
        email: `pat.doe${sequence}@example.com`,
        contactNumber: '2145550100',
        ...fixture.customer,
      })
      .returning({ id: customers.id });
    if (!customer) throw new Error('customer not inserted');
    customerId = customer.id;
  }
  const accountNumber = fixture.property?.accountNumber ?? String(500_000 + sequence);
  const { costService = 35, subtotalMowing = 35, calculatedTax = 2.89, totalMowing = 37.89 } = fixture.property ?? {};
  const { row: fields } = splitPrices(fixture.property ?? {});
  const [property] = await db
    .insert(properties)
    .values({
      customerId,
      accountNumber,
      marketId: fixture.marketId,
      serviceAddress: `${100 + sequence} Elm Street`,
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      weekDay: 1,
      srvFrequency: 1,
      status: 1,
      statusOrders: 1,
      // As the demo data and every order decision have it: approved exactly while the order status is.
      isApproved: isApprovedOrderStatus(fixture.property?.statusOrders ?? ORDER_STATUS.approved),
      crew: 101,
      mowCut: ['Front', 'Back'],
      taxRate: 8.25,
      cardType: 4,
      cardLastFour: '4242',
      cardExpiry: '2099-12-31',
      paymentType: 1,
      ...fields,
    })
    .returning({ id: properties.id });
  if (!property) throw new Error('property not inserted');
  await db
    .insert(propertyPrices)
    .values({ propertyId: property.id, costService, subtotalMowing, calculatedTax, totalMowing });
  return { id: property.id, customerId, accountNumber };
}
