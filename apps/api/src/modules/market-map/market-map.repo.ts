import type { IsoDate, MapStop } from '@lawn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { routeOrders } from '../../db/schema';
import { isPropertyInService, savedRoutePosition } from '../crew/crew.service';

type RawStop = {
  property_id: number;
  account_number: string;
  customer_name: string;
  service_address: string;
  city: string;
  zipcode: string;
  lat: number | null;
  lng: number | null;
  crew: number | null;
  route_position: number | null;
};

/** A stop of the day as stored: a property without coordinates counts in the total but cannot be placed. */
export type DayStopRow = Omit<MapStop, 'lat' | 'lng'> & { lat: number | null; lng: number | null };

/**
 * The in-service properties of the market that the schedule services on `day` (the crew day's own conditions: its
 * schedule, skips, write-ins and redos), with their crew and saved route position; only crew `crew`'s when given.
 * Found through the days the availability counts (`mow_scheduled_days`, ADR 0049): those of an in-service property are
 * exactly its crew days, and its (market, days) index gives a market-day's properties without reading every schedule
 * of the market. Raw SQL: the route position is SQL over the property `p` (ADR 0003).
 */
export async function findDayStops(
  db: Executor,
  { marketId, day, crew }: { marketId: number; day: IsoDate; crew?: number },
): Promise<DayStopRow[]> {
  const result = await db.execute<RawStop>(sql`
    select p.id as property_id, p.account_number,
      p.customer_first_name || ' ' || p.customer_last_name as customer_name,
      p.service_address, p.city, p.zipcode, p.lat, p.lng, p.crew, ${savedRoutePosition(day)} as route_position
    from mow_scheduled_days d
    join properties p on p.id = d.property_id
    where d.market_id = ${marketId} and d.days @> array[${day}::date] and p.market_id = ${marketId}
      ${crew === undefined ? sql`` : sql`and p.crew = ${crew}`} and ${isPropertyInService}
    order by p.id`);
  return result.rows.map((row) => ({
    propertyId: row.property_id,
    accountNumber: row.account_number,
    customerName: row.customer_name,
    serviceAddress: row.service_address,
    city: row.city,
    zipcode: row.zipcode,
    lat: row.lat,
    lng: row.lng,
    crew: row.crew,
    routePosition: row.route_position,
  }));
}

/**
 * Replaces the saved route of crew `crew` on `day` with `propertyIds` in that order. Two orders of the same crew-day at
 * once both land (the second's rows win on conflict) instead of failing on the key.
 */
export async function saveRouteOrder(
  tx: Executor,
  route: { crew: number; day: IsoDate; propertyIds: readonly number[]; userId: number },
): Promise<void> {
  await tx.delete(routeOrders).where(and(eq(routeOrders.crew, route.crew), eq(routeOrders.day, route.day)));
  if (route.propertyIds.length === 0) return;
  await tx
    .insert(routeOrders)
    .values(
      route.propertyIds.map((propertyId, index) => ({
        crew: route.crew,
        day: route.day,
        propertyId,
        position: index + 1,
        orderedBy: route.userId,
      })),
    )
    .onConflictDoUpdate({
      target: [routeOrders.crew, routeOrders.day, routeOrders.propertyId],
      set: { position: sql`excluded.position`, orderedBy: sql`excluded.ordered_by` },
    });
}
