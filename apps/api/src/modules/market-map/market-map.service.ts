import {
  MARKET_MAP_MESSAGES,
  orderRoute,
  tourLengthKm,
  type Actor,
  type CrewAssign,
  type IsoDate,
  type MapStopDetail,
  type MapStopsResponse,
  type RouteOrderResponse,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { inRouteOrder } from '../crew/crew.service';
import { changePropertyCrews } from '../customers/customers.service';
import type { MarketsService } from '../markets/markets.service';
import * as repo from './market-map.repo';

type Deps = { db: Database; markets: Pick<MarketsService, 'depot'>; clock: () => Date };

type PlacedStop = repo.DayStopRow & { lat: number; lng: number };
const isPlaced = (row: repo.DayStopRow): row is PlacedStop => row.lat !== null && row.lng !== null;

/**
 * The market map: a market's stops of a day, the office giving them a crew, and each crew's route of the day ordered
 * from the market's depot and back (ADR 0047).
 */
export function createMarketMapService({ db, markets, clock }: Deps) {
  return {
    /**
     * The day's stops of the market as markers (404 for an unknown market): all counted, those with a position and
     * matching the search answered.
     */
    async stops(query: { marketId: number; date: IsoDate; crew?: number; search?: string }): Promise<MapStopsResponse> {
      const depot = await markets.depot(query.marketId);
      const { total, points } = await repo.findDayPoints(db, {
        marketId: query.marketId,
        day: query.date,
        crew: query.crew,
        search: query.search,
      });
      return { total, stops: points, depot };
    },

    /** Who and where the market's stops `ids` are, for the list beside the map. */
    async stopDetails(query: { marketId: number; ids: readonly number[] }): Promise<{ data: MapStopDetail[] }> {
      return { data: await repo.findStopDetails(db, query) };
    },

    /** Assigns the selected properties of the market to a crew, or unassigns them, in one transaction with history. */
    async assignCrew(body: CrewAssign, actor: Actor): Promise<{ changed: number }> {
      const changed = await db.transaction((tx) =>
        changePropertyCrews(tx, {
          marketId: body.marketId,
          propertyIds: body.propertyIds,
          crew: body.crew,
          actor,
          at: clock(),
        }),
      );
      return { changed };
    },

    /**
     * Orders the crew's placed stops of the day from the market's depot and back and saves the order, which the crew's
     * day and the operations report then follow. Starts from the order the crew has now, so it never gets longer.
     * 400 when the market has no depot or the crew no placed stop that day.
     */
    async orderRoute(
      request: { marketId: number; date: IsoDate; crew: number },
      actor: Actor,
    ): Promise<RouteOrderResponse['data']> {
      const depot = await markets.depot(request.marketId);
      if (!depot) throw badRequest(MARKET_MAP_MESSAGES.noDepot);
      const rows = await repo.findDayStops(db, { marketId: request.marketId, day: request.date, crew: request.crew });
      const current = inRouteOrder(rows.filter(isPlaced));
      if (current.length === 0) throw badRequest(MARKET_MAP_MESSAGES.noStops);
      const ordered = orderRoute(depot, current);
      const propertyIds = ordered.map((stop) => stop.propertyId);
      await db.transaction((tx) =>
        repo.saveRouteOrder(tx, { crew: request.crew, day: request.date, propertyIds, userId: actor.id }),
      );
      return {
        propertyIds,
        distanceKm: tourLengthKm(depot, ordered),
        unorderedDistanceKm: tourLengthKm(depot, current),
      };
    },
  };
}

export type MarketMapService = ReturnType<typeof createMarketMapService>;
