import { PRICE_UPDATE_TYPE_LABELS, PRICE_UPDATES_PAGE_SIZE, type PriceUpdate } from '@lawn/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../../lib/dates';
import { formatCount, formatMoney } from '../../../lib/format';

/** Where an update stands, in words: running with its progress, done, undone, or failed. */
export function statusText(update: PriceUpdate): string {
  const progress = `${formatCount(update.run === 'apply' ? update.changed : update.restored + update.skipped)} of ${formatCount(update.run === 'apply' ? update.total : update.changed)}`;
  if (update.status === 'in_progress') return update.run === 'apply' ? `Applying: ${progress}` : `Undoing: ${progress}`;
  if (update.status === 'failed') return update.run === 'apply' ? 'Failed' : 'Undo failed';
  if (update.run === 'undo') return update.skipped > 0 ? `Undone (${formatCount(update.skipped)} kept)` : 'Undone';
  return `Applied to ${formatCount(update.changed)}`;
}

/** What an update did, in a few words: the amount or the file's title, and the market. */
export function detailsText(update: PriceUpdate): string {
  const what = update.type === 'file' ? `File "${update.title ?? ''}"` : (update.market ?? 'All markets');
  return `${what}: ${statusText(update)}`;
}

type Props = {
  updates: readonly PriceUpdate[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (update: PriceUpdate) => void;
};

/** The list of updates, newest first: date and time, amount, type, representative, details; a row opens its details. */
export function PriceUpdatesTable({ updates, total, page, onPageChange, onOpen }: Props) {
  return (
    <>
      <Table size="small" aria-label="Price updates">
        <TableHead>
          <TableRow>
            <TableCell>Date/time</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Representative</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {updates.map((update) => (
            <TableRow
              key={update.id}
              hover
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
              aria-label={`Price update of ${formatDateTime(new Date(update.createdAt))}`}
              onClick={() => onOpen(update)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') onOpen(update);
              }}
            >
              <TableCell>{formatDateTime(new Date(update.createdAt))}</TableCell>
              <TableCell align="right">{update.amount === null ? 'Per file' : formatMoney(update.amount)}</TableCell>
              <TableCell>{PRICE_UPDATE_TYPE_LABELS[update.type]}</TableCell>
              <TableCell>{update.representative}</TableCell>
              <TableCell>{detailsText(update)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={PRICE_UPDATES_PAGE_SIZE}
        rowsPerPageOptions={[PRICE_UPDATES_PAGE_SIZE]}
        onPageChange={(_event, next) => onPageChange(next)}
      />
    </>
  );
}
