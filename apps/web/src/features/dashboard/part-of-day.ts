export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** By the person's own clock: a greeting is about where they are, not the market. */
export function partOfDay(date: Date): PartOfDay {
  const hour = date.getHours();
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
