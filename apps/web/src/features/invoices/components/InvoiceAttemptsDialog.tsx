import { formatUsDate, hasRole, INVOICE_COLLECTION_ROLES, INVOICE_STATUS, type InvoiceRow } from '@lawn/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { PendingButton } from '../../../components/PendingButton';
import { selectUser, useAppState } from '../../../lib/app-store';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useChargeAttemptsQuery, useRetryInvoiceMutation } from '../api/invoices-api';
import { MarkPaidDialog } from './MarkPaidDialog';

type InvoiceAttemptsDialogProps = { invoice: InvoiceRow; onClose: () => void };

function AttemptsTable({ invoiceId }: { invoiceId: number }) {
  const attempts = useChargeAttemptsQuery(invoiceId);
  if (attempts.isError) {
    return <LoadErrorAlert subject="The attempts" error={attempts.error} onRetry={() => void attempts.refetch()} />;
  }
  return (
    <>
      <Table size="small" aria-label="Charge attempts" aria-busy={attempts.isPending}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Started by</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>Payment number or note</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.isPending && (
            <TableRow>
              <TableCell colSpan={4}>
                <Skeleton />
              </TableCell>
            </TableRow>
          )}
          {attempts.data?.attempts.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>No attempts recorded</TableCell>
            </TableRow>
          )}
          {attempts.data?.attempts.map((attempt) => (
            <TableRow key={attempt.id}>
              <TableCell>{formatDateTime(new Date(attempt.startedAt))}</TableCell>
              <TableCell>{[attempt.sourceName, attempt.userName].filter(Boolean).join(': ')}</TableCell>
              <TableCell>{[attempt.resultName, attempt.declineReason].filter(Boolean).join(': ')}</TableCell>
              <TableCell>{attempt.note ?? attempt.transactionId ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {attempts.data && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {attempts.data.nextRetryOn
            ? `Next scheduled retry: ${formatUsDate(attempts.data.nextRetryOn)}`
            : 'No scheduled retry left: a new payment method, Retry now or Mark paid settles it.'}
        </Typography>
      )}
    </>
  );
}

/**
 * A declined invoice's attempts (when, what started it, how it ended), with Retry now and Mark paid another way for
 * those who collect payments.
 */
export function InvoiceAttemptsDialog({ invoice, onClose }: InvoiceAttemptsDialogProps) {
  const titleId = useId();
  const { role } = useAppState(selectUser);
  const canCollect = role !== null && hasRole(role, INVOICE_COLLECTION_ROLES);
  const isDeclined = invoice.status === INVOICE_STATUS.declined;
  const confirm = useConfirm();
  const notify = useNotify();
  const retry = useRetryInvoiceMutation();
  const [isMarkingPaid, setMarkingPaid] = useState(false);

  const retryNow = async () => {
    const isSure = await confirm({
      title: 'Retry now',
      message: `Charge ${formatMoney(invoice.total)} to ${invoice.customers.fullName}'s payment method now?`,
      confirmText: 'Charge now',
      closeText: 'Cancel',
    });
    if (!isSure) return;
    retry.mutate(invoice, {
      onSuccess: ({ data }) => {
        if (data.outcome === 'declined') {
          notify('The charge was declined again', 'warning');
          return;
        }
        notify('The charge went through', 'success');
        onClose();
      },
    });
  };

  return (
    <>
      {/* One dialog at a time: Mark paid takes its place. */}
      <Dialog open={!isMarkingPaid} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>
          Attempts: {formatMoney(invoice.total)}, service of {formatUsDate(invoice.serviceDate)},{' '}
          {invoice.customers.serviceAddress}
        </DialogTitle>
        <DialogContent>
          <AttemptsTable invoiceId={invoice.id} />
        </DialogContent>
        <DialogActions>
          {canCollect && isDeclined && (
            <>
              <Button onClick={() => setMarkingPaid(true)} disabled={retry.isPending}>
                Mark paid
              </Button>
              <PendingButton
                variant="contained"
                color="secondary"
                isPending={retry.isPending}
                onClick={() => void retryNow()}
              >
                Retry now
              </PendingButton>
            </>
          )}
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {isMarkingPaid && (
        <MarkPaidDialog
          invoice={invoice}
          onClose={() => setMarkingPaid(false)}
          onPaid={() => {
            setMarkingPaid(false);
            onClose();
          }}
        />
      )}
    </>
  );
}
