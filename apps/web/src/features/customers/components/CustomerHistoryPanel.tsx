import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { HISTORY_PAGE_SIZE } from '@lawn/shared';
import { useCustomerHistoryQuery, type HistoryRange } from '../api/history-api';
import { HistoryDateFilter } from './HistoryDateFilter';

const COLUMNS = 3;

/**
 * The record's history: who changed what and when (each field from its old to its new value), newest first, 10 a
 * page, optionally between two dates. Every edit a person makes to the record has an entry, and the list reloads
 * after each.
 */
export function CustomerHistoryPanel({ customerId }: { customerId: number }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          History
        </Typography>
        <FilteredHistory customerId={customerId} />
      </CardContent>
    </Card>
  );
}

function FilteredHistory({ customerId }: { customerId: number }) {
  const [range, setRange] = useState<HistoryRange | null>(null);
  return (
    <>
      <HistoryDateFilter onApply={setRange} />
      {/* Another range starts on its first page. */}
      <HistoryTable key={range ? `${range.start}/${range.end}` : 'all'} customerId={customerId} range={range} />
    </>
  );
}

function HistoryTable({ customerId, range }: { customerId: number; range: HistoryRange | null }) {
  const [page, setPage] = useState(0);
  const history = useCustomerHistoryQuery(customerId, page, range);
  if (history.isError) {
    return <LoadErrorAlert subject="The history" error={history.error} onRetry={() => void history.refetch()} />;
  }
  const entries = history.data?.data ?? [];
  const total = history.data?.total ?? 0;
  return (
    <>
      <Table size="small" aria-label="History" aria-busy={history.isPending || history.isPlaceholderData}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 190 }}>Date</TableCell>
            <TableCell sx={{ width: 180 }}>By</TableCell>
            <TableCell>Change</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.isPending &&
            [0, 1, 2].map((row) => (
              <TableRow key={row}>
                <TableCell colSpan={COLUMNS}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))}
          {history.isSuccess && entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS}>
                <Typography color="text.secondary">
                  {range ? 'No changes recorded between these dates' : 'No changes recorded yet'}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{formatDateTime(new Date(entry.createdAt))}</TableCell>
              <TableCell>{entry.user?.fullName ?? '—'}</TableCell>
              <TableCell>{entry.description}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > HISTORY_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={HISTORY_PAGE_SIZE}
          rowsPerPageOptions={[]}
        />
      )}
    </>
  );
}
