import { BUSINESS_TIME_ZONE } from '@lawn/shared';

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/**
 * By the business's clock (the market's zone), not the browser's: staff working from elsewhere are greeted by the
 * hour the office and the crews live in.
 */
export function partOfDay(date: Date, timeZone: string = BUSINESS_TIME_ZONE): PartOfDay {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(date));
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
