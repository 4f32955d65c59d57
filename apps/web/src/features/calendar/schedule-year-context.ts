import { createContext, useContext, useEffect } from 'react';

/** The mow year the record's calendar shows, and whose record it is. */
export type ShownScheduleYear = { customerId: number; year: number };

type ScheduleYearState = {
  shown: ShownScheduleYear | null;
  show: (shown: ShownScheduleYear) => void;
};

export const ScheduleYearContext = createContext<ScheduleYearState | null>(null);

/**
 * The calendar tells which year it shows, so the record's Service Notes tab lists the skips, write-ins and redos of
 * that same year. Without a `<ScheduleYearProvider>` above, nobody listens and nothing happens.
 */
export function useShowScheduleYear(customerId: number, year: number | undefined): void {
  const show = useContext(ScheduleYearContext)?.show;
  useEffect(() => {
    if (show && year !== undefined) show({ customerId, year });
  }, [show, customerId, year]);
}

/** The year the calendar of this record shows; undefined until it has shown one. */
export function useShownScheduleYear(customerId: number): number | undefined {
  const shown = useContext(ScheduleYearContext)?.shown;
  return shown?.customerId === customerId ? shown.year : undefined;
}
