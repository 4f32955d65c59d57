import type { UserSummary } from '@lawn/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPlainDate } from '../../../lib/dates';
import { useAccountsQuery, type GridPage } from '../api/users-api';
import { AccountListPage } from '../components/AccountListPage';

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

const useStaffRows = (page: GridPage) => useAccountsQuery('staff', page);

/**
 * The staff users (/users), 10 a page, newest first. One row is selected at a time: Create user is for when none is,
 * Edit user for the selected one.
 */
export function UsersPage() {
  return (
    <AccountListPage
      kind="staff"
      description="The staff who sign in to the office."
      subject="The users"
      columns={COLUMNS}
      useRows={useStaffRows}
      isCreateDisabledBySelection
    />
  );
}
