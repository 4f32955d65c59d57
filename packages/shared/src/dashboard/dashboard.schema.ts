import { z } from 'zod';
import { DAY_CAPACITY_STATUSES } from '../availability/availability.rules';
import { ID_RANGE } from '../validation/rules';
import { wholeNumberParam } from '../validation/number-fields';

/** GET /api/dashboard: every market, or the one `market` names. */
export const dashboardQuerySchema = z.strictObject({ market: wholeNumberParam(ID_RANGE).optional() });

const countOfDaySchema = z.object({ date: z.string(), count: z.number().int() });
/** Dollars with at most two decimals, summed in cents. */
const amountOfDaySchema = z.object({ date: z.string(), amount: z.number() });

/** A day's mowing capacity: its max mows (null: no limit), the mows scheduled, the share filled and its status. */
const capacityDaySchema = z.object({
  date: z.string(),
  capacity: z.number().int().nullable(),
  schedule: z.number().int(),
  /** Whole percent of `capacity` scheduled, at most 100; null without a limit. */
  progress: z.number().int().nullable(),
  status: z.enum(DAY_CAPACITY_STATUSES),
});
export type CapacityDay = z.infer<typeof capacityDaySchema>;

/** Where the market's crews start their day; null until an Admin sets it. */
const depotSchema = z.object({ lat: z.number(), lng: z.number(), address: z.string() }).nullable();

/** One market's figures, each day being a day of the market's own time zone. */
export const marketDashboardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  /** Today in the market's time zone. */
  today: z.string(),
  depot: depotSchema,
  /** New customer records per day: today and the days before it. */
  dayNewSignups: z.array(countOfDaySchema),
  /** New customer records of the mow week holding today, Monday through today. */
  weeklySignups: z.object({ week: z.number().int(), count: z.number().int() }),
  /** What paid invoices brought in today. */
  dailyRevenue: amountOfDaySchema,
  /** Today and the next weekdays. */
  mowingCapacity: z.array(capacityDaySchema),
  /** What paid invoices brought in on each day of the mow week holding today, Monday to Sunday. */
  overWeekRevenue: z.object({ currentWeek: z.number().int(), days: z.array(amountOfDaySchema) }),
  /** Active customers with an approved order: the customer list's default count. */
  totalActiveCustomer: z.object({ count: z.number().int() }),
  /** Mows scheduled today. */
  totalScheduleNow: z.object({ count: z.number().int() }),
});
export type MarketDashboard = z.infer<typeof marketDashboardSchema>;

export const dashboardResponseSchema = z.object({
  /** When the figures were read. */
  generatedAt: z.string(),
  data: z.array(marketDashboardSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
