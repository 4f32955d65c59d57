import type { CalendarFilter } from '@lawn/shared';

/**
 * Query keys of a property's schedule. Everything sits under ['calendar', id] so one invalidation reloads the
 * calendar, its activities, the skips count and the service notes together. Kept apart from the hooks so the
 * customers feature can invalidate them without importing (and cycling through) this feature's API module.
 */
export const calendarKeys = {
  customer: (customerId: number) => ['calendar', customerId] as const,
  /** `year: null` asks for the server's default year (spec 2 section 2.2). */
  weeks: (customerId: number, year: number | null, filter: CalendarFilter) =>
    ['calendar', customerId, 'weeks', { year, filter }] as const,
  activities: (customerId: number, year: number) => ['calendar', customerId, 'activities', year] as const,
  skipsCount: (customerId: number, year: number) => ['calendar', customerId, 'skipsCount', year] as const,
  serviceNotes: (customerId: number, year: number) => ['calendar', customerId, 'serviceNotes', year] as const,
  /** Mutation key of schedule changes, so every week being saved can be shown as busy. */
  change: (customerId: number) => ['calendar', customerId, 'change'] as const,
};
