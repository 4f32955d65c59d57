import type { IsoDate, MapPoints, MapStopDetail } from '@lawn/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../http/list-query';
import { properties, routeOrders } from '../../db/schema';
import { isPropertyInService, savedRoutePosition } from '../crew/crew.service';

/** The in-service properties of `market` whose kept days (ADR 0049) hold `day`, only crew `crew`'s when given. */
const dayStopsWhere = ({ marketId, day, crew }: { marketId: number; day: IsoDate; crew?: number | undefined }) =>
  sql`d.market_id = ${marketId} and d.days @> array[${day}::date] and p.market_id = ${marketId}
    ${crew === undefined ? sql`` : sql`and p.crew = ${crew}`} and ${isPropertyInService}`;

type RawPoint = {
  property_id: number;
  lat: number | null;
  lng: number | null;
  crew: number | null;
  route_position: number | null;
  is_match: boolean;
};

/**
 * The markers of a market-day (ADR 0057): of every stop only its id, position, crew and saved route position, as one
 * array per column. `total` counts every stop of the market, day and crew; the arrays hold those with coordinates
 * whose address, city or zip code contains `search`. Read from the kept days alone, found by their (market, days)
 * index: they carry a copy of each property's crew, position and service state, so the properties' wide rows are not
 * read (only a search reads their addresses). A saved route position counts while the stop still has the crew it was
 * ordered for. Raw SQL: array containment on the GIN index (ADR 0003).
 */
export async function findDayPoints(
  db: Executor,
  query: { marketId: number; day: IsoDate; crew?: number | undefined; search?: string | undefined },
): Promise<{ total: number; points: MapPoints }> {
  const search = query.search?.trim() ?? '';
  const isMatch =
    search === ''
      ? sql`true`
      : sql`exists (select 1 from properties p where p.id = d.property_id
          and concat_ws(' ', p.service_address, p.city, p.zipcode) ilike ${`%${escapeLike(search)}%`})`;
  const result = await db.execute<RawPoint>(sql`
    select d.property_id, d.lat, d.lng, d.crew, ro.position as route_position, ${isMatch} as is_match
    from mow_scheduled_days d
    left join route_orders ro on ro.crew = d.crew and ro.day = ${query.day}::date and ro.property_id = d.property_id
    where d.market_id = ${query.marketId} and d.is_in_service and d.days @> array[${query.day}::date]
      ${query.crew === undefined ? sql`` : sql`and d.crew = ${query.crew}`}
    order by d.property_id`);
  const points: MapPoints = { propertyId: [], lat: [], lng: [], crew: [], routePosition: [] };
  for (const row of result.rows) {
    if (row.lat === null || row.lng === null || !row.is_match) continue;
    points.propertyId.push(row.property_id);
    points.lat.push(row.lat);
    points.lng.push(row.lng);
    points.crew.push(row.crew);
    points.routePosition.push(row.route_position);
  }
  return { total: result.rows.length, points };
}

/** Who and where the properties `ids` of the market are, in id order (a deleted one or another market's: none). */
export async function findStopDetails(
  db: Executor,
  { marketId, ids }: { marketId: number; ids: readonly number[] },
): Promise<MapStopDetail[]> {
  const rows = await db
    .select({
      propertyId: properties.id,
      accountNumber: properties.accountNumber,
      firstName: properties.customerFirstName,
      lastName: properties.customerLastName,
      serviceAddress: properties.serviceAddress,
      city: properties.city,
      zipcode: properties.zipcode,
    })
    .from(properties)
    .where(and(eq(properties.marketId, marketId), inArray(properties.id, [...ids]), isNull(properties.deletedAt)))
    .orderBy(asc(properties.id));
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, customerName: `${firstName} ${lastName}` }));
}

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

/** A stop of the day with who and where it is; one without coordinates cannot be placed on a route. */
export type DayStopRow = MapStopDetail & {
  lat: number | null;
  lng: number | null;
  crew: number | null;
  routePosition: number | null;
};

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
    where ${dayStopsWhere({ marketId, day, crew })}
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
