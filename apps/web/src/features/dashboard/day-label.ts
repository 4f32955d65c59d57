import { isoDayOfWeek, type IsoDate } from '@lawn/shared';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A calendar day as the charts name it, e.g. `Wed 5/6`; a date, never shifted through a time zone. */
export function dayLabel(date: IsoDate): string {
  const [, month = '', day = ''] = date.split('-');
  return `${DAY_NAMES[isoDayOfWeek(date) - 1] ?? ''} ${Number(month)}/${Number(day)}`;
}
