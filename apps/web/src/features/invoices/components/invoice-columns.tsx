import { INVOICE_STATUS, type InvoiceRow } from '@lawn/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPlainDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';

const STATUS_COLORS: Record<number, 'success' | 'error' | 'default' | 'info'> = {
  [INVOICE_STATUS.paid]: 'success',
  [INVOICE_STATUS.declined]: 'error',
  [INVOICE_STATUS.pending]: 'default',
  [INVOICE_STATUS.refunded]: 'info',
};

/**
 * The invoice list's columns: payment number, total, service address, account number, account name,
 * date and status, and the attempts of an invoice that was charged. Only the date and the payment number sort, on
 * the server.
 */
export const invoiceColumns = (openAttempts: (invoice: InvoiceRow) => void): GridColDef<InvoiceRow>[] => [
  {
    field: 'transactionId',
    headerName: 'Payment number',
    minWidth: 210,
    flex: 1,
    valueFormatter: (value: string | null) => value ?? '—',
  },
  {
    field: 'total',
    headerName: 'Total',
    width: 110,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    valueFormatter: (value: number) => formatMoney(value),
  },
  {
    field: 'serviceAddress',
    headerName: 'Service address',
    minWidth: 200,
    flex: 1,
    sortable: false,
    valueGetter: (_value, row) => row.customers.serviceAddress,
  },
  { field: 'customerId', headerName: 'Account number', width: 150, sortable: false },
  {
    field: 'fullName',
    headerName: 'Account name',
    minWidth: 170,
    flex: 1,
    sortable: false,
    valueGetter: (_value, row) => row.customers.fullName,
  },
  {
    field: 'createdAt',
    headerName: 'Date',
    width: 120,
    valueFormatter: (value: string) => formatPlainDate(value),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 190,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLORS[row.status] ?? 'default'}
        // Why it was declined, or why nothing was charged (the fifth-mow discount).
        label={[row.statusName, row.declineReason ?? row.discountName].filter(Boolean).join(': ')}
      />
    ),
  },
  {
    field: 'attempts',
    headerName: 'Attempts',
    width: 110,
    sortable: false,
    renderCell: ({ row }) =>
      row.status === INVOICE_STATUS.pending ? null : (
        <Button
          size="small"
          onClick={() => openAttempts(row)}
          aria-label={`Attempts: ${row.customers.serviceAddress}, ${formatPlainDate(row.createdAt)}`}
        >
          {row.status === INVOICE_STATUS.declined ? 'Follow up' : 'Attempts'}
        </Button>
      ),
  },
];
