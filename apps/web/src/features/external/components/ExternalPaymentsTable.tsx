import { EXTERNAL_PAYMENTS_PAGE_SIZE } from '@lawn/shared';
import Paper from '@mui/material/Paper';
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
import { PageLoader } from '../../../components/PageLoader';
import { formatMoney } from '../../../lib/format';
import { useExternalPaymentsQuery } from '../api/external-api';

const COLUMNS = ['Account Number', 'Date', 'Mow Week', 'Mow Day', 'Pricing per Service', 'Payment Type'] as const;

/** The property's payments, 10 a page, with the spec's columns (external calendar). */
export function ExternalPaymentsTable({ token }: { token: string }) {
  const [page, setPage] = useState(1);
  const payments = useExternalPaymentsQuery(token, page);

  if (payments.isPending) return <PageLoader label="Loading the payments" />;
  if (payments.isError) {
    return <LoadErrorAlert subject="The payments" error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  if (payments.data.total === 0) return <Typography color="text.secondary">No payments yet.</Typography>;

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Payments">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.data.data.map((payment) => (
              <TableRow key={payment.id}>
                <TableCell>{payment.customerId}</TableCell>
                <TableCell>{payment.createdAt}</TableCell>
                <TableCell>{payment.crewService?.week ?? ''}</TableCell>
                <TableCell>{payment.crewService?.weekDay ?? ''}</TableCell>
                <TableCell>{formatMoney(payment.amount)}</TableCell>
                <TableCell>{payment.customerPayment?.paymentTypeName ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={payments.data.total}
        page={page - 1}
        onPageChange={(_event, next) => setPage(next + 1)}
        rowsPerPage={EXTERNAL_PAYMENTS_PAGE_SIZE}
        rowsPerPageOptions={[EXTERNAL_PAYMENTS_PAGE_SIZE]}
      />
    </Paper>
  );
}
