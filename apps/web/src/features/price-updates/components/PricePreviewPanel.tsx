import type { PricePreview } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PendingButton } from '../../../components/PendingButton';
import { formatCount, formatMoney, plural } from '../../../lib/format';

type Props = {
  preview: PricePreview;
  /** Whether another update runs now: Apply waits for it. */
  isRunning: boolean;
  isApplying: boolean;
  onApply: () => void;
};

const signed = (amount: number) => `${amount >= 0 ? '+' : '-'}${formatMoney(Math.abs(amount))}`;

/** What Apply would do: how many properties, the change of a week's revenue, and a sample of old and new prices. */
export function PricePreviewPanel({ preview, isRunning, isApplying, onApply }: Props) {
  return (
    <Stack component="section" aria-label="Preview" spacing={2}>
      <Typography>
        {formatCount(preview.properties)} {plural(preview.properties, 'active property', 'active properties')} change
        price; revenue per week changes by <strong>{signed(preview.weeklyRevenueChange)}</strong>.
      </Typography>
      {preview.sample.length > 0 && (
        <Table size="small" aria-label="Sample of old and new prices">
          <TableHead>
            <TableRow>
              <TableCell>Account</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>Service address</TableCell>
              <TableCell align="right">Old price</TableCell>
              <TableCell align="right">New price</TableCell>
              <TableCell align="right">New total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.sample.map((change) => (
              <TableRow key={change.propertyId}>
                <TableCell>{change.accountNumber}</TableCell>
                <TableCell>{change.customerName}</TableCell>
                <TableCell>{change.serviceAddress}</TableCell>
                <TableCell align="right">{formatMoney(change.oldPrice)}</TableCell>
                <TableCell align="right">{formatMoney(change.newPrice)}</TableCell>
                <TableCell align="right">{formatMoney(change.newTotal)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {isRunning && <Alert severity="info">A price update is running. Apply is possible once it finishes.</Alert>}
      <div>
        <PendingButton
          variant="contained"
          isPending={isApplying}
          disabled={isRunning || preview.properties === 0}
          onClick={onApply}
        >
          Apply
        </PendingButton>
      </div>
    </Stack>
  );
}
