import {
  isIsoDate,
  isoDayOfWeek,
  SEASON_WEEK_COLORS,
  SEASON_WEEK_LABELS,
  SERVICE_NOTE_LABELS,
  TODO_MESSAGES,
  type CalendarWeek,
  type IsoDate,
} from '@lawn/shared';
import { formatPlainDate } from '../../lib/dates';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** 'YYYY-MM-DD' as MM/dd, the week block's short form. */
export function formatMonthDay(date: string): string {
  return formatPlainDate(date).slice(0, 5);
}

/** 'Tue 05/19'; an unreadable value is shown as it came. */
export function formatWorkday(date: string): string {
  if (!isIsoDate(date)) return date;
  return `${DAY_NAMES[isoDayOfWeek(date) - 1]} ${formatMonthDay(date)}`;
}

/** 'Week 12: 03/16/2026 to 03/22/2026', under the title of a modal that changes that week. */
export function weekSpanText(week: CalendarWeek): string {
  return `Week ${week.week}: ${formatPlainDate(week.start)} to ${formatPlainDate(week.end)}`;
}

/** A week that is over: its last day is before today (the business's today, `businessToday`). */
export function isPastWeek(week: CalendarWeek, today: IsoDate): boolean {
  return week.end < today;
}

/** The bar: the property's colour when it has a service that week, otherwise the season's. */
export function weekBarColor(week: CalendarWeek): string {
  return week.customer.active ? week.customer.color : SEASON_WEEK_COLORS[week.status];
}

/** What the tooltip and the screen reader say beyond dates: service day, note and its message, holidays, a to-do. */
export function weekDetails(week: CalendarWeek): string[] {
  const details: string[] = [];
  const { customer } = week;
  if (customer.active && customer.workday) details.push(`Service ${formatWorkday(customer.workday)}`);
  else if (customer.active) details.push('Service');
  else details.push(`No service (${SEASON_WEEK_LABELS[week.status]})`);
  if (customer.typeServiceNote) {
    const label = SERVICE_NOTE_LABELS[customer.typeServiceNote];
    details.push(customer.message ? `${label}: ${customer.message}` : label);
  }
  for (const holiday of week.holidays) details.push(`${holiday.name} (${formatMonthDay(holiday.date)})`);
  if (week.todo.active) details.push(TODO_MESSAGES.open);
  if (week.current.active) details.push('Current week');
  return details;
}

/** The accessible name of a week block, e.g. 'Week 12, 05/18 to 05/24, Service Tue 05/19, Current week'. */
export function weekLabel(week: CalendarWeek): string {
  return [
    `Week ${week.week}`,
    `${formatMonthDay(week.start)} to ${formatMonthDay(week.end)}`,
    ...weekDetails(week),
  ].join(', ');
}
