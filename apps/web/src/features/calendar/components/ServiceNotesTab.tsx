import Typography from '@mui/material/Typography';
import { useShownScheduleYear } from '../schedule-year-context';
import { ServiceNotesLists } from './ServiceNotesLists';

/**
 * The record's Service Notes tab: the skips, write-ins and redos of the year the calendar above shows. They follow
 * the calendar: another year there lists that year's here, and every change made on the calendar reloads them.
 */
export function ServiceNotesTab({ customerId }: { customerId: number }) {
  const year = useShownScheduleYear(customerId);
  if (year === undefined) {
    return <Typography color="text.secondary">The service notes show once the calendar above has loaded.</Typography>;
  }
  return <ServiceNotesLists customerId={customerId} year={year} />;
}
