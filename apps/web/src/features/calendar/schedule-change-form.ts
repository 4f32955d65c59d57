import {
  calendarDateIn,
  scheduleChangeIssues,
  scheduleChangeSchema,
  type IsoDate,
  type ScheduleChangeRequest,
} from '@lawn/shared';
import { checkedFormSchema } from '../../lib/use-schema-form';

/** The fields of the Skip, Write in and Redo modals. */
export type ScheduleChangeValues = { message: string; date: IsoDate | null };

export type ModalChange = 'skip' | 'write' | 'redo';

/** The business's today (America/Chicago), which decides what "in the past" means for a redo. */
export function businessToday(): IsoDate {
  return calendarDateIn(new Date());
}

export function toScheduleChange(
  status: ModalChange,
  year: number,
  week: number,
  values: ScheduleChangeValues,
): ScheduleChangeRequest {
  const message = values.message.trim();
  if (status === 'skip') return { status, year, week, message };
  return { status, year, week, date: values.date ?? undefined, ...(message ? { message } : {}) };
}

/**
 * Validates a modal with the very rules the API applies: the shared schema for shapes and lengths, then
 * `scheduleChangeIssues` for the reason, the date window, weekends and the past.
 */
export function scheduleChangeFormSchema(status: ModalChange, year: number, week: number, today: IsoDate) {
  return checkedFormSchema<ScheduleChangeValues>((values) => {
    const errors: Partial<Record<keyof ScheduleChangeValues, string>> = {};
    const setError = (field: keyof ScheduleChangeValues, message: string | undefined) => {
      if (message && !errors[field]) errors[field] = message;
    };
    const change = toScheduleChange(status, year, week, values);
    const parsed = scheduleChangeSchema.safeParse(change);
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'message' || field === 'date') setError(field, issue.message);
    }
    // Run even when the shape failed, so a too-long message and a missing date are reported together.
    const issues = scheduleChangeIssues(change, today);
    setError('message', issues.message?.[0]);
    setError('date', issues.date?.[0]);
    return Object.keys(errors).length > 0 ? { errors } : { data: values };
  });
}
