import { useMemo, useState, type ReactNode } from 'react';
import { ScheduleYearContext, type ShownScheduleYear } from '../schedule-year-context';

/** Holds the year the record's calendar shows, for the parts of the record that follow it (the service notes). */
export function ScheduleYearProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownScheduleYear | null>(null);
  const value = useMemo(() => ({ shown, show: setShown }), [shown]);
  return <ScheduleYearContext value={value}>{children}</ScheduleYearContext>;
}
