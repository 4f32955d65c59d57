import { CREW_PAYMENTS_PAGE_SIZE, type CrewPayment } from '@lawn/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AddIcon, ArrowBackIcon } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatPlainDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { ACCOUNT_PAGES } from '../account-pages';
import { useCrewPaymentsQuery, type GridPage } from '../api/users-api';
import { SelectableGrid } from '../components/SelectableGrid';
import { CREW_PAYMENT_PAGES } from '../crew-payment-pages';

const COLUMNS: GridColDef<CrewPayment>[] = [
  { field: 'crewNumber', headerName: 'Crew number', width: 130, sortable: false },
  {
    field: 'date',
    headerName: 'Date',
    width: 130,
    sortable: false,
    valueFormatter: (value: string) => formatPlainDate(value),
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 130,
    sortable: false,
    valueFormatter: (value: number) => formatMoney(value),
  },
  { field: 'note', headerName: 'Note', flex: 1, minWidth: 200, sortable: false },
];

/** What the crews were paid (/payments), newest first, 50 a page. */
export function CrewPaymentsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState<GridPage>({ page: 0, pageSize: CREW_PAYMENTS_PAGE_SIZE });
  const payments = useCrewPaymentsQuery(page);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          What the crews were paid, newest first.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(CREW_PAYMENT_PAGES.upload)}>
          Upload New Payment
        </Button>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate(ACCOUNT_PAGES.crew.list)}>
          Back
        </Button>
      </Stack>
      {payments.isError ? (
        <LoadErrorAlert subject="The payments" error={payments.error} onRetry={() => void payments.refetch()} />
      ) : (
        <SelectableGrid
          label="Crew payments"
          rows={payments.data?.data ?? []}
          total={payments.data?.total ?? 0}
          columns={COLUMNS}
          isLoading={payments.isPending || payments.isPlaceholderData}
          page={page}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
