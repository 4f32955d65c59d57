/** Times that matter to a person are shown in the market's zone (ARCHITECTURE.md section 4.5). */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

/** Calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayKey(date: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export function formatTime(date: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);
}

export function formatDateTime(date: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
