import type { BbCrewRow } from '@lawn/shared';
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
import { useBbCrewsQuery, type GridPage } from '../api/users-api';
import { SelectableGrid } from '../components/SelectableGrid';

const PAGE_SIZE = 10;

const COLUMNS: GridColDef<BbCrewRow>[] = [
  { field: 'firstName', headerName: 'Name', flex: 1, minWidth: 120, sortable: false },
  { field: 'lastName', headerName: 'Last name', flex: 1, minWidth: 120, sortable: false },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200, sortable: false },
  {
    field: 'joinDate',
    headerName: 'Join date',
    width: 120,
    sortable: false,
    valueFormatter: (value: string) => formatPlainDate(value),
  },
  {
    field: 'serviceMarket',
    headerName: 'Market',
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => row.serviceMarket.name,
  },
];

/** The bush-and-bed crew members (/bb-crew-members), 10 a page, newest first; one selected row is edited. */
export function BbCrewsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState<GridPage>({ page: 0, pageSize: PAGE_SIZE });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const crews = useBbCrewsQuery(page);
  const open = (id: number) => {
    const state: AccountFormState = { id };
    void navigate(ACCOUNT_PAGES['bb-crew'].form, { state });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          The bush-and-bed crews and their markets. Select a row to edit it.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(0)}>
          Create B&amp;B crew
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          disabled={selectedId === null}
          onClick={() => selectedId !== null && open(selectedId)}
        >
          Edit B&amp;B crew
        </Button>
      </Stack>
      {crews.isError ? (
        <LoadErrorAlert subject="The B&B crews" error={crews.error} onRetry={() => void crews.refetch()} />
      ) : (
        <SelectableGrid
          label="B&B crews"
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
