import { addressKey } from '@lawn/shared';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { countyRecords, markets, properties, serviceZones } from '../schema';
import { DEMO_MARKETS } from './demo-data';
import { MARKET_AREAS, zipCodesOf } from './market-zips';

/**
 * Exceptions of a few demo zones, so the screens show what an exception looks like: the zone's n-th zip (by zip code)
 * in each market gets the text.
 */
const DEMO_EXCEPTIONS: readonly { position: number; text: string }[] = [
  { position: 2, text: 'Gated communities only with a gate code on file.' },
  { position: 5, text: 'No service on lots with an above-ground pool in the back yard.' },
];

/** The demo markets' office phones, for markets that have none yet (an earlier seed made them without). */
export async function seedMarketPhones(tx: Executor): Promise<void> {
  for (const market of DEMO_MARKETS) {
    await tx
      .update(markets)
      .set({ phone: market.phone })
      .where(and(eq(sql`lower(${markets.name})`, market.name.toLowerCase()), isNull(markets.phone)));
  }
}

/**
 * A service zone for every zip code of the demo markets' cities (the same zips the generated customers live in), its
 * city and state from the zip data set, so validated. A zip already in a zone is left as it is.
 */
export async function seedServiceZones(tx: Executor): Promise<void> {
  const marketRows = await tx.select({ id: markets.id, name: markets.name }).from(markets);
  for (const area of MARKET_AREAS) {
    const market = marketRows.find((row) => row.name.toLowerCase() === area.market.toLowerCase());
    if (!market) continue;
    const zips = zipCodesOf(area);
    if (zips.length === 0) continue;
    await tx
      .insert(serviceZones)
      .values(
        zips.map((zip, index) => ({
          marketId: market.id,
          zipcode: zip.zipcode,
          city: zip.city,
          state: zip.state,
          isValidated: true,
          exceptions: DEMO_EXCEPTIONS.find((exception) => exception.position === index)?.text ?? '',
        })),
      )
      .onConflictDoNothing({ target: serviceZones.zipcode });
  }
}

const COUNTY_BATCH = 1000;
/** Square feet. */
const MIN_LOT_SIZE = 1500;

/** A whole number from a property id, the same on every run, so the demo's county records are reproducible. */
const spread = (id: number, modulo: number) => (Math.imul(id, 2_654_435_761) >>> 0) % modulo;

/**
 * County records for the demo properties: the customer as owner, a lot a little larger than the turf and an assessed
 * value that grows with the lot. Runs once, on a database whose county records are empty.
 */
export async function seedCountyRecords(db: Database): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(countyRecords);
  if ((existing?.total ?? 0) > 0) return 0;
  let lastId = 0;
  let inserted = 0;
  for (;;) {
    const batch = await db
      .select({
        id: properties.id,
        address: properties.serviceAddress,
        zipcode: properties.zipcode,
        firstName: properties.customerFirstName,
        lastName: properties.customerLastName,
        turfSize: properties.turfSize,
      })
      .from(properties)
      .where(and(isNull(properties.deletedAt), gt(properties.id, lastId)))
      .orderBy(asc(properties.id))
      .limit(COUNTY_BATCH);
    const last = batch.at(-1);
    if (!last) return inserted;
    lastId = last.id;
    const rows = batch.map((property) => {
      // A lot is 1.4 to 2.2 times its turf, and never smaller than a small city lot.
      const turf = property.turfSize ?? 0;
      const lotSize = Math.max(MIN_LOT_SIZE, Math.round((turf * (140 + spread(property.id, 80))) / 1000) * 10);
      return {
        zipcode: property.zipcode,
        addressKey: addressKey(property.address),
        address: property.address,
        ownerName: `${property.firstName} ${property.lastName}`.trim() || null,
        lotSize,
        assessedValue: 120_000 + lotSize * (18 + spread(property.id, 15)),
      };
    });
    const written = await db
      .insert(countyRecords)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: countyRecords.id });
    inserted += written.length;
  }
}
