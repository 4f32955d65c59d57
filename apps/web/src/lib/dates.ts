import { BUSINESS_TIME_ZONE } from '@lawn/shared';

// Times that matter to a person are shown in the business's zone (docs/architecture.md, 'Dates and time zones').

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

/** Calendar date of an instant, e.g. `11/21/2026` (the spec's MM/dd/yyyy). */
export function formatDate(date: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' }).format(date);
}

/** An ISO instant string shown as a date; empty for a missing or unreadable value. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date);
}

/**
 * A calendar date (`YYYY-MM-DD`, a `date` column) as MM/dd/yyyy. It is not an instant, so it
 * is never shifted through a time zone.
 */
export function formatPlainDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return value ?? '';
  const [, year, month, day] = match;
  return `${month}/${day}/${year}`;
}
