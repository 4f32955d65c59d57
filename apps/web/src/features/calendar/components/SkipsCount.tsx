import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useSkipsCountQuery } from '../api/calendar-api';

/** How many weeks of the year the customer skipped, next to the calendar. */
export function SkipsCount({ customerId, year }: { customerId: number; year: number | undefined }) {
  const count = useSkipsCountQuery(customerId, year);
  if (count.isError) return null;
  if (count.data === undefined) return <Skeleton variant="rounded" width={120} height={24} />;
  return <Chip size="small" variant="outlined" label={`Skips in ${year}: ${count.data}`} />;
}
