import type { UserSummary } from '@lawn/shared';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AddIcon, EditIcon } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotifyError } from '../../../components/notifier-context';
import { formatPlainDate } from '../../../lib/dates';
import { ACCOUNT_PAGES, type AccountFormState } from '../account-pages';
import { downloadPaymentTemplate, useAccountsQuery, type GridPage } from '../api/users-api';
import { SelectableGrid } from '../components/SelectableGrid';
import { CREW_PAYMENT_PAGES } from '../crew-payment-pages';

const PAGE_SIZE = 10;

const COLUMNS: GridColDef<UserSummary>[] = [
  { field: 'email', headerName: 'User name', flex: 1, minWidth: 200, sortable: false },
  { field: 'crewNumber', headerName: 'Crew number', width: 120, sortable: false },
  {
    field: 'joinDate',
    headerName: 'Join date',
    width: 120,
    sortable: false,
    valueFormatter: (value: string) => formatPlainDate(value),
  },
  { field: 'firstName', headerName: 'First name', flex: 1, minWidth: 120, sortable: false },
  { field: 'lastName', headerName: 'Last name', flex: 1, minWidth: 120, sortable: false },
  { field: 'role', headerName: 'Role', width: 100, sortable: false },
];

/**
 * The crew users (/crew-members), 10 a page, newest first, with one row selected at a time for Edit crew. The
 * Payments menu leads to the payment upload, the template and the payments list.
 */
export function CrewMembersPage() {
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const [page, setPage] = useState<GridPage>({ page: 0, pageSize: PAGE_SIZE });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const crews = useAccountsQuery('crew', page);
  const open = (id: number) => {
    const state: AccountFormState = { id };
    void navigate(ACCOUNT_PAGES.crew.form, { state });
  };
  const go = (path: string) => {
    setMenuAnchor(null);
    void navigate(path);
  };
  const downloadTemplate = () => {
    setMenuAnchor(null);
    downloadPaymentTemplate().catch(notifyError);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          The crews and their numbers. Select a row to edit it.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(0)}>
          Create crew
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          disabled={selectedId === null}
          onClick={() => selectedId !== null && open(selectedId)}
        >
          Edit crew
        </Button>
        <Button
          variant="outlined"
          id="crew-payments-button"
          aria-controls={menuAnchor ? 'crew-payments-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={menuAnchor ? 'true' : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          Payments
        </Button>
        <Menu
          id="crew-payments-menu"
          anchorEl={menuAnchor}
          open={menuAnchor !== null}
          onClose={() => setMenuAnchor(null)}
          slotProps={{ list: { 'aria-labelledby': 'crew-payments-button' } }}
        >
          <MenuItem onClick={() => go(CREW_PAYMENT_PAGES.upload)}>Upload Payments</MenuItem>
          <MenuItem onClick={downloadTemplate}>Download Template</MenuItem>
          <MenuItem onClick={() => go(CREW_PAYMENT_PAGES.list)}>View List</MenuItem>
        </Menu>
      </Stack>
      {crews.isError ? (
        <LoadErrorAlert subject="The crew members" error={crews.error} onRetry={() => void crews.refetch()} />
      ) : (
        <SelectableGrid
          label="Crew members"
          rows={crews.data?.data ?? []}
          total={crews.data?.total ?? 0}
          columns={COLUMNS}
          isLoading={crews.isPending || crews.isPlaceholderData}
          page={page}
          onPageChange={setPage}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}
    </Stack>
  );
}
