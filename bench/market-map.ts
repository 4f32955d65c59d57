/**
 * Market map benchmark: median and p95 time of a market-day's stops (GET /api/market-map/stops, the Market Map page's
 * read) and of ordering a crew-day's route of 60 stops from the market's depot and back (PUT
 * /api/market-map/route-order, read, ordered and saved), with the ordered drive's length against the stops' order
 * before. Targets: the stops under 100 ms and the route order under 1 s, at 1,000,000 properties.
 *
 *   npx tsx bench/market-map.ts [--date 2026-06-03] [--runs 20]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL), filled to
 * BENCH_PROPERTIES (default 1,000,000) properties when it holds fewer; the mow year of --date is processed first when
 * it has no schedules yet. The market read is the one with the most stops that day; the route is its busiest crew's,
 * cut to 60 stops by giving the rest of them to another crew number (a bench-only change of the bench database).
 */
import {
  MAP_STOP_DETAILS_MAX,
  mapPointsOf,
  mowYearOf,
  orderRoute,
  tourLengthKm,
  type MapStopsResponse,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { findDayPoints } from '../apps/api/src/modules/market-map/market-map.repo';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { ensureSchedules } from './lib/schedules';
import { loadAverage, ms, percentile, thousands, timeRepeated } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const WARMUP = 3;
const ROUTE_STOPS = 60;
/** A crew number no generated property has: the busiest crew's stops beyond 60 move there. */
const OVERFLOW_CREW = 99_999;

async function main(): Promise<void> {
  const date = option('date', '2026-06-03');
  const runs = Number(option('runs', '20'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    await ensureProperties(bench, TARGET, {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties first...\n`),
    });
    await ensureSchedules(db, mowYearOf(date));
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const markets = await db.execute<{ id: number; name: string }>(sql`select id, name from markets order by id`);
    let busiest = { marketId: 0, name: '', stops: 0 };
    for (const market of markets.rows) {
      const stops = (await findDayPoints(db, { marketId: market.id, day: date })).total;
      if (stops > busiest.stops) busiest = { marketId: market.id, name: market.name, stops };
    }
    if (busiest.stops === 0) throw new Error(`no stops on ${date}`);

    const server = await startBenchApp(bench);
    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    const stopsUrl = `/api/market-map/stops?marketId=${busiest.marketId}&date=${date}`;
    record(
      `API, stops of the market-day (${thousands(busiest.stops)})`,
      await timeRepeated(runs, WARMUP, () => server.get(stopsUrl)),
    );
    record(
      'the stops statement alone',
      await timeRepeated(runs, WARMUP, () => findDayPoints(db, { marketId: busiest.marketId, day: date })),
    );
    const day = (await server.get(stopsUrl)).json<MapStopsResponse>();
    const stops = mapPointsOf(day.stops);
    // The list's page: the customer and address of the first stops, read by id after the markers.
    const listIds = stops.slice(0, MAP_STOP_DETAILS_MAX).map((stop) => stop.propertyId);
    record(
      `API, details of the list's ${listIds.length} stops`,
      await timeRepeated(runs, WARMUP, () =>
        server.get(`/api/market-map/stop-details?marketId=${busiest.marketId}&ids=${listIds.join(',')}`),
      ),
    );

    // The busiest crew of that market-day, cut to 60 placed stops.
    const byCrew = new Map<number, number[]>();
    for (const stop of stops) {
      if (stop.crew !== null) byCrew.set(stop.crew, [...(byCrew.get(stop.crew) ?? []), stop.propertyId]);
    }
    const [crew, ids] = [...byCrew.entries()].sort((first, second) => second[1].length - first[1].length)[0] ?? [0, []];
    if (ids.length > ROUTE_STOPS) {
      const extra = ids.slice(ROUTE_STOPS);
      await db.execute(sql`update properties set crew = ${OVERFLOW_CREW} where id = any(${sql.param(extra)}::int[])`);
    }
    const routeStops = stops.filter((stop) => stop.crew === crew).slice(0, ROUTE_STOPS);
    const depot = day.depot ?? { lat: routeStops[0]?.lat ?? 0, lng: routeStops[0]?.lng ?? 0, address: '' };
    const order = { marketId: busiest.marketId, date, crew };
    const put = async () => {
      const response = await server.app.inject({
        method: 'PUT',
        url: '/api/market-map/route-order',
        headers: { authorization: server.authorization },
        payload: order,
      });
      if (response.statusCode !== 200) throw new Error(`route order: ${response.statusCode} ${response.body}`);
      return response;
    };
    record(
      `orderRoute alone, ${routeStops.length} stops`,
      await timeRepeated(runs, WARMUP, async () => orderRoute(depot, routeStops)),
    );
    const unordered = tourLengthKm(depot, routeStops);
    const ordered = tourLengthKm(depot, orderRoute(depot, routeStops));
    record(
      `API, route order of crew ${crew} (${routeStops.length} stops, saved)`,
      await timeRepeated(runs, WARMUP, put),
    );

    printResults(
      `Market map, ${resultsDate()}, ${thousands(properties?.total ?? 0)} properties, ${busiest.name} on ${date} ` +
        `with ${thousands(busiest.stops)} stops; route ${unordered.toFixed(1)} km in the stops' order, ` +
        `${ordered.toFixed(1)} km ordered; load average ${loadAverage()}`,
      ['| scenario | runs | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
