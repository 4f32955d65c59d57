import type { UserSummary } from '@lawn/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AddIcon, EditIcon } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatPlainDate } from '../../../lib/dates';
import { ACCOUNT_PAGES, type AccountFormState } from '../account-pages';
import { useAccountsQuery, type GridPage } from '../api/users-api';
import { SelectableGrid } from '../components/SelectableGrid';

const PAGE_SIZE = 10;

const COLUMNS: GridColDef<UserSummary>[] = [
  { field: 'fullName', headerName: 'Name', flex: 1, minWidth: 160, sortable: false },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200, sortable: false },
  { field: 'role', headerName: 'Role', width: 150, sortable: false },
  {
    field: 'joinDate',
    headerName: 'Join date',
    width: 120,
    sortable: false,
    valueFormatter: (value: string) => formatPlainDate(value),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 100,
    sortable: false,
    valueFormatter: (value: number) => (value === 1 ? 'Active' : 'Inactive'),
  },
];

/**
 * The staff users (/users), 10 a page, newest first. One row is selected at a time: Create user is for when none is,
 * Edit user for the selected one.
 */
export function UsersPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState<GridPage>({ page: 0, pageSize: PAGE_SIZE });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const users = useAccountsQuery('staff', page);
  const open = (id: number) => {
    const state: AccountFormState = { id };
    void navigate(ACCOUNT_PAGES.staff.form, { state });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          The staff who sign in to the office. Select a row to edit it.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} disabled={selectedId !== null} onClick={() => open(0)}>
          Create user
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          disabled={selectedId === null}
          onClick={() => selectedId !== null && open(selectedId)}
        >
          Edit user
        </Button>
      </Stack>
      {users.isError ? (
        <LoadErrorAlert subject="The users" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <SelectableGrid
          label="Users"
          rows={users.data?.data ?? []}
          total={users.data?.total ?? 0}
          columns={COLUMNS}
          isLoading={users.isPending || users.isPlaceholderData}
          page={page}
          onPageChange={setPage}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}
    </Stack>
  );
}
