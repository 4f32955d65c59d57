import { ChevronLeftIcon as ChevronLeft, ChevronRightIcon as ChevronRight } from '../../../components/icons';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../lib/format';
import type { RecordRouteState } from '../../../lib/record-link';
import { useRecordPositionQuery } from '../api/record-api';
import { atPosition, recordHref, type RecordSearch } from '../record-search';

type RecordNavigatorProps = {
  search: RecordSearch & { position: number };
  /** Opened from the pending-approval list: the steps stay new orders. */
  isNewOrder: boolean;
};

/**
 * Previous / 'n of total' / Next through the list the record was opened from, with its filter and sort.
 * A step asks only for the one row at the next position.
 */
export function RecordNavigator({ search, isNewOrder }: RecordNavigatorProps) {
  const navigate = useNavigate();
  const current = useRecordPositionQuery(search.list, search.position);
  const total = current.data?.total;
  const step = (delta: number) => {
    const state: RecordRouteState = isNewOrder ? { isNewOrder } : {};
    void navigate(recordHref(atPosition(search, search.position + delta)), { state });
  };

  return (
    <Stack component="nav" aria-label="Records of the list" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button startIcon={<ChevronLeft />} disabled={search.position <= 1} onClick={() => step(-1)}>
        Previous
      </Button>
      <Typography role="status" sx={{ minWidth: 80, textAlign: 'center' }}>
        {total !== undefined ? (
          `${formatCount(search.position)} of ${formatCount(total)}`
        ) : current.isError ? (
          // The list could not be counted: the record still shows, and Previous still works.
          `${formatCount(search.position)} of …`
        ) : (
          <Skeleton width={80} aria-label="Counting" />
        )}
      </Typography>
      <Button
        endIcon={<ChevronRight />}
        disabled={total === undefined || search.position >= total}
        onClick={() => step(1)}
      >
        Next
      </Button>
    </Stack>
  );
}
