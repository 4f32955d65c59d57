import { PRICE_CHANGE_FIELDS } from '@lawn/shared';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { PRICE_HISTORY_PAGE_SIZE, usePriceHistoryQuery, type TableChoice } from '../api/pricing-api';

export const HISTORY_LABEL = 'Price changes';
export const NO_CHANGES = 'No price changes yet';

/** Every change to a table, newest first: when, who, which lot size, what, from and to. Mount anew per table. */
export function PriceHistory({ choice }: { choice: TableChoice }) {
  const [page, setPage] = useState(0);
  const history = usePriceHistoryQuery(choice, page);

  if (history.error) {
    return <LoadErrorAlert subject="The price changes" error={history.error} onRetry={() => void history.refetch()} />;
  }
  if (!history.data) return <CircularProgress aria-label="Loading the price changes" />;
  if (history.data.total === 0) return <Typography color="text.secondary">{NO_CHANGES}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={HISTORY_LABEL}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Lot size</TableCell>
              <TableCell>What</TableCell>
              <TableCell>From</TableCell>
              <TableCell>To</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.data.map((change) => (
              <TableRow key={change.id}>
                <TableCell>{formatDateTime(new Date(change.createdAt))}</TableCell>
                <TableCell>{change.user?.fullName ?? ''}</TableCell>
                <TableCell>{change.lotSize}</TableCell>
                <TableCell>{PRICE_CHANGE_FIELDS[change.field]}</TableCell>
                <TableCell>{change.from ?? ''}</TableCell>
                <TableCell>{change.to ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={history.data.total}
        page={page}
        rowsPerPage={PRICE_HISTORY_PAGE_SIZE}
        rowsPerPageOptions={[PRICE_HISTORY_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </>
  );
}
