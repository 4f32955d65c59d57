import { z } from 'zod';
import { isIsoDate, type IsoDate } from '../schedule/calendar-date';
import {
  idParamSchema,
  idSchema,
  listOf,
  boundedText,
  wholeNumber,
  wholeNumberParam,
  decimal,
  VALIDATION_MESSAGES,
} from '../validation';

export const MARKET_MAP_MESSAGES = {
  crewRequired: 'Type crew number is required',
  crewDigits: 'Enter only numbers',
  crewPositive: 'Enter a different crew',
  crewMax: 'Max. 5 characters',
  dateRequired: 'Date is required',
  dateInvalid: 'Date is not valid',
  datePast: 'The date cannot be in the past',
  dateTooLate: 'The date cannot be after 12/31/2050',
  noResults: 'No results found',
  selectionRequired: 'Select at least one customer',
  selectionTooLarge: 'Select at most 5000 customers',
  notInMarket: 'Some of the selected customers are not of this market',
  noDepot: 'Set the market’s depot before ordering a route',
  noStops: 'The crew has no stops with a position on that day',
} as const;

/** Where the map opens before it fits the day's stops: the middle of the business's first market. */
export const MARKET_MAP_CENTER = { lat: 31.25044, lng: -99.25061, zoom: 10 } as const;
/** The last day the map's date accepts. */
export const MARKET_MAP_MAX_DATE: IsoDate = '2050-12-31';
/** Crew numbers are up to 5 digits: 1 to 99999. */
export const CREW_NUMBER_RANGE = { min: 1, max: 99_999 } as const;
export const CREW_NUMBER_MAX_DIGITS = 5;
/** The most properties one assign moves: a market-day is a few thousand stops. */
export const MAX_CREW_ASSIGN = 5000;

export const CREW_ASSIGN_ACTIONS = ['assign', 'unassign'] as const;
export type CrewAssignAction = (typeof CREW_ASSIGN_ACTIONS)[number];

const DIGITS = /^\d+$/;

/**
 * A crew number as typed: required, digits only, at most 5 of them, and not 0 (no crew has that number). Each check
 * answers its own message, the first broken one first, so the field shows the one that matters.
 */
export const crewNumberTextSchema = z
  .string({ error: MARKET_MAP_MESSAGES.crewRequired })
  .superRefine((text, context) => {
    const message =
      text.trim() === ''
        ? MARKET_MAP_MESSAGES.crewRequired
        : !DIGITS.test(text)
          ? MARKET_MAP_MESSAGES.crewDigits
          : text.length > CREW_NUMBER_MAX_DIGITS
            ? MARKET_MAP_MESSAGES.crewMax
            : Number(text) < CREW_NUMBER_RANGE.min
              ? MARKET_MAP_MESSAGES.crewPositive
              : null;
    if (message) context.addIssue({ code: 'custom', message, abort: true });
  })
  .transform(Number);

/** The crew field of the map's Assign form. */
export const crewAssignFormSchema = z.object({ crew: crewNumberTextSchema });
export type CrewAssignFormInput = z.input<typeof crewAssignFormSchema>;

/**
 * POST /api/market-map/crew: gives the selected properties a crew (assign, with the crew as typed) or takes theirs
 * away (unassign, no crew).
 */
export const crewAssignSchema = z
  .strictObject({
    action: z.enum(CREW_ASSIGN_ACTIONS, { error: 'Choose assign or unassign' }),
    marketId: idSchema,
    propertyIds: listOf(idSchema, {
      min: 1,
      max: MAX_CREW_ASSIGN,
      required: MARKET_MAP_MESSAGES.selectionRequired,
      maxMessage: MARKET_MAP_MESSAGES.selectionTooLarge,
    }),
    crew: z.string({ error: MARKET_MAP_MESSAGES.crewDigits }).optional(),
  })
  .transform((body, context) => {
    if (body.action === 'unassign') return { ...body, crew: null };
    const crew = crewNumberTextSchema.safeParse(body.crew ?? '');
    if (crew.success) return { ...body, crew: crew.data };
    for (const issue of crew.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: ['crew'] });
    return z.NEVER;
  });
export type CrewAssignInput = z.input<typeof crewAssignSchema>;
export type CrewAssign = z.output<typeof crewAssignSchema>;

export const crewAssignResponseSchema = z.object({ data: z.object({ changed: z.number().int() }) });

const mapDateSchema = z
  .string({ error: MARKET_MAP_MESSAGES.dateRequired })
  .refine(isIsoDate, { message: MARKET_MAP_MESSAGES.dateInvalid, abort: true })
  .refine((date) => date <= MARKET_MAP_MAX_DATE, { message: MARKET_MAP_MESSAGES.dateTooLate, abort: true });

/** The longest address search of the map. */
export const MAP_SEARCH_MAX = 100;

/**
 * GET /api/market-map/stops: a market's stops of a day (yyyy-MM-dd), optionally one crew's, and optionally only those
 * whose address, city or zip code contains `search` (any case).
 */
export const mapStopsQuerySchema = z.strictObject({
  marketId: idParamSchema,
  date: mapDateSchema,
  crew: wholeNumberParam(CREW_NUMBER_RANGE).optional(),
  search: boundedText({ max: MAP_SEARCH_MAX }).optional(),
});
export type MapStopsQuery = z.input<typeof mapStopsQuerySchema>;

/**
 * The map's form: a market, a day from today to 2050-12-31 (a past day cannot be assigned any more) and the crew
 * filter ('' for every crew). Built from today so the form and its tests agree on which day is past.
 */
export function marketMapFilterSchema(today: IsoDate) {
  return z.object({
    marketId: z.union([z.literal(''), idSchema]).refine((value) => value !== '', 'Market is required'),
    date: mapDateSchema.refine((date) => date >= today, MARKET_MAP_MESSAGES.datePast),
    crew: z
      .string()
      .refine((text) => text === '' || DIGITS.test(text), MARKET_MAP_MESSAGES.crewDigits)
      .refine((text) => text.length <= CREW_NUMBER_MAX_DIGITS, MARKET_MAP_MESSAGES.crewMax),
  });
}

/**
 * The placed stops of a market-day as the markers need them, one array per column (the i-th entry of each is one
 * stop), in property id order: a market-day of tens of thousands of stops stays a small answer that is quick to check
 * and write. Who and where (the list's columns) are read by id for the stops shown in the list.
 */
export const mapPointsSchema = z.object({
  propertyId: z.array(z.number().int()),
  lat: z.array(z.number()),
  lng: z.array(z.number()),
  /** The stop's crew, null for none. */
  crew: z.array(z.number().int().nullable()),
  /** The stop's place in its crew's saved route of the day (1 first), null for none. */
  routePosition: z.array(z.number().int().nullable()),
});
export type MapPoints = z.infer<typeof mapPointsSchema>;

/** One stop of `MapPoints`. */
export type MapPoint = {
  propertyId: number;
  lat: number;
  lng: number;
  crew: number | null;
  routePosition: number | null;
};

/** The stops of `MapPoints` one by one. */
export function mapPointsOf(points: MapPoints): MapPoint[] {
  return points.propertyId.map((propertyId, index) => ({
    propertyId,
    lat: points.lat[index] ?? 0,
    lng: points.lng[index] ?? 0,
    crew: points.crew[index] ?? null,
    routePosition: points.routePosition[index] ?? null,
  }));
}

export const depotSchema = z.object({ lat: z.number(), lng: z.number(), address: z.string() });
export type Depot = z.infer<typeof depotSchema>;

/**
 * The day's stops of the market: `total` counts every serviced property of the market, day and crew (whatever the
 * search), `stops` those with coordinates (the ones a map can place) that match the search, `depot` the market's
 * depot when it has one.
 */
export const mapStopsResponseSchema = z.object({
  total: z.number().int(),
  stops: mapPointsSchema,
  depot: depotSchema.nullable(),
});
export type MapStopsResponse = z.infer<typeof mapStopsResponseSchema>;

/** The most stops whose details one request reads: the list beside the map shows this many at once. */
export const MAP_STOP_DETAILS_MAX = 100;

/** GET /api/market-map/stop-details: who and where the stops `ids` (comma-separated) of a market are. */
export const mapStopDetailsQuerySchema = z.strictObject({
  marketId: idParamSchema,
  ids: z
    .string({ error: VALIDATION_MESSAGES.required })
    .transform((text) => text.split(',').map((id) => (/^\d+$/.test(id.trim()) ? Number(id) : Number.NaN)))
    .pipe(listOf(idSchema, { min: 1, max: MAP_STOP_DETAILS_MAX })),
});
export type MapStopDetailsQuery = z.input<typeof mapStopDetailsQuerySchema>;

/** A stop as the list names it: its account, customer and service address. */
export const mapStopDetailSchema = z.object({
  propertyId: z.number().int(),
  accountNumber: z.string(),
  customerName: z.string(),
  serviceAddress: z.string(),
  city: z.string(),
  zipcode: z.string(),
});
export type MapStopDetail = z.infer<typeof mapStopDetailSchema>;

export const mapStopDetailsResponseSchema = z.object({ data: z.array(mapStopDetailSchema) });

/** PUT /api/market-map/route-order: orders and saves one crew's route of one day in a market. */
export const routeOrderRequestSchema = z.strictObject({
  marketId: idSchema,
  date: mapDateSchema,
  crew: wholeNumber(CREW_NUMBER_RANGE),
});
export type RouteOrderRequest = z.input<typeof routeOrderRequestSchema>;

export const routeOrderResponseSchema = z.object({
  data: z.object({
    /** The stops' property ids in driving order from the depot and back. */
    propertyIds: z.array(z.number().int()),
    /** The drive's length in km along straight lines, and that of the stops in the order they were listed before. */
    distanceKm: z.number(),
    unorderedDistanceKm: z.number(),
  }),
});
export type RouteOrderResponse = z.infer<typeof routeOrderResponseSchema>;

/** PUT /api/markets/:id/depot: where the market's crews start and end their day. */
export const marketDepotSchema = z.strictObject({
  lat: decimal({ min: -90, max: 90 }),
  lng: decimal({ min: -180, max: 180 }),
  address: boundedText({ max: 200 }),
});
export type MarketDepotInput = z.input<typeof marketDepotSchema>;
export const marketDepotResponseSchema = z.object({ data: depotSchema });
