import { PRICE_UPDATE_TYPE_LABELS, type PriceUpdate } from '@lawn/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PendingButton } from '../../../components/PendingButton';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { PRICE_UPDATE_ITEMS_PAGE_SIZE, usePriceUpdateItemsQuery } from '../api/price-updates-api';
import { statusText } from './PriceUpdatesTable';

type Props = {
  update: PriceUpdate;
  /** Whether an update (this or another) runs now: Undo waits for it. */
  isRunning: boolean;
  isUndoing: boolean;
  onUndo: () => void;
  onClose: () => void;
};

const UNDO_LABELS = { restored: 'Old price restored', skipped: 'Kept: price changed since' } as const;

/** Whether Undo is offered: on an update that is not running, not undone already (a failed undo may go on). */
const isUndoable = (update: PriceUpdate) =>
  update.status !== 'in_progress' && (update.run === 'apply' || update.status === 'failed');

/** One update's details: every property it changed, its old and new price, and what an undo did with it. */
export function PriceUpdateDetailsDialog({ update, isRunning, isUndoing, onUndo, onClose }: Props) {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const items = usePriceUpdateItemsQuery(update.id, page);
  const what =
    update.type === 'file'
      ? `File "${update.title ?? ''}"`
      : `${PRICE_UPDATE_TYPE_LABELS[update.type]} by ${formatMoney(update.amount ?? 0)}, ${update.market ?? 'all markets'}`;

  let content;
  if (items.isError) {
    content = <LoadErrorAlert subject="The properties" error={items.error} onRetry={() => void items.refetch()} />;
  } else if (!items.data) {
    content = <CircularProgress aria-label="Loading the properties" />;
  } else if (items.data.total === 0) {
    content = <Typography color="text.secondary">No property changed yet.</Typography>;
  } else {
    content = (
      <>
        <Table size="small" aria-label="Properties changed">
          <TableHead>
            <TableRow>
              <TableCell>Account</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>Service address</TableCell>
              <TableCell align="right">Old price</TableCell>
              <TableCell align="right">New price</TableCell>
              <TableCell>Undo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.data.data.map((item) => (
              <TableRow key={item.propertyId}>
                <TableCell>{item.accountNumber}</TableCell>
                <TableCell>{item.customerName}</TableCell>
                <TableCell>{item.serviceAddress}</TableCell>
                <TableCell align="right">{formatMoney(item.oldPrice)}</TableCell>
                <TableCell align="right">{formatMoney(item.newPrice)}</TableCell>
                <TableCell>{item.undo ? UNDO_LABELS[item.undo] : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={items.data.total}
          page={page}
          rowsPerPage={PRICE_UPDATE_ITEMS_PAGE_SIZE}
          rowsPerPageOptions={[PRICE_UPDATE_ITEMS_PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Price update of {formatDateTime(new Date(update.createdAt))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {what}, by {update.representative}. {statusText(update)}.
          </Typography>
          {content}
        </Stack>
      </DialogContent>
      <DialogActions>
        {isUndoable(update) && (
          <PendingButton isPending={isUndoing} disabled={isRunning} color="warning" onClick={onUndo}>
            Undo this update
          </PendingButton>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
