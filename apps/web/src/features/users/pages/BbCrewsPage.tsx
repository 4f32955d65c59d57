import type { BbCrewRow } from '@lawn/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPlainDate } from '../../../lib/dates';
import { useBbCrewsQuery } from '../api/users-api';
import { AccountListPage } from '../components/AccountListPage';

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
  return (
    <AccountListPage
      kind="bb-crew"
      description="The bush-and-bed crews and their markets."
      subject="The B&B crews"
      columns={COLUMNS}
      useRows={useBbCrewsQuery}
    />
  );
}
