import type { CalendarFilter } from '@lawn/shared';

/**
 * Query keys that more than one feature reads or invalidates. A feature never imports another feature, so a key
 * that crosses features lives here; keys only one feature uses stay in that feature's api module.
 */
export const customerKeys = {
  lists: ['customers', 'list'] as const,
  list: (query: Record<string, string | number>) => ['customers', 'list', query] as const,
  /** The customer record; a schedule change invalidates it too, because its history has a new entry. */
  detail: (id: number) => ['customers', 'detail', id] as const,
  /** The record's history, under the record: whatever reloads the record reloads its history too. */
  history: (id: number) => ['customers', 'detail', id, 'history'] as const,
  historyPage: (id: number, page: number, range: { start: string; end: string } | null) =>
    ['customers', 'detail', id, 'history', { page, range }] as const,
};

/**
 * A property's schedule. Everything sits under ['calendar', id] so one invalidation reloads the calendar, its
 * activities, the skips count and the service notes together: after a schedule change, and after a customer edit
 * that re-plans the weeks.
 */
export const calendarKeys = {
  customer: (customerId: number) => ['calendar', customerId] as const,
  /** `year: null` asks for the server's default year. */
  weeks: (customerId: number, year: number | null, filter: CalendarFilter) =>
    ['calendar', customerId, 'weeks', { year, filter }] as const,
  activities: (customerId: number, year: number) => ['calendar', customerId, 'activities', year] as const,
  skipsCount: (customerId: number, year: number) => ['calendar', customerId, 'skipsCount', year] as const,
  serviceNotes: (customerId: number, year: number) => ['calendar', customerId, 'serviceNotes', year] as const,
  /** Mutation key of schedule changes, so every week being saved can be shown as busy. */
  change: (customerId: number) => ['calendar', customerId, 'change'] as const,
};
