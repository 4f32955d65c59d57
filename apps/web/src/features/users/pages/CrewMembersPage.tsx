import type { UserSummary } from '@lawn/shared';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotifyError } from '../../../components/notifier-context';
import { formatPlainDate } from '../../../lib/dates';
import { downloadPaymentTemplate, useAccountsQuery, type GridPage } from '../api/users-api';
import { AccountListPage } from '../components/AccountListPage';
import { CREW_PAYMENT_PAGES } from '../crew-payment-pages';

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

const useCrewRows = (page: GridPage) => useAccountsQuery('crew', page);

/**
 * The crew users (/crew-members), 10 a page, newest first, with one row selected at a time for Edit crew. The
 * Payments menu leads to the payment upload, the template and the payments list.
 */
export function CrewMembersPage() {
  return (
    <AccountListPage
      kind="crew"
      description="The crews and their numbers."
      subject="The crew members"
      columns={COLUMNS}
      useRows={useCrewRows}
      actions={<PaymentsMenu />}
    />
  );
}

/** Payments: the payment upload, the template and the payments list. */
function PaymentsMenu() {
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setMenuAnchor(null);
    void navigate(path);
  };
  const downloadTemplate = () => {
    setMenuAnchor(null);
    downloadPaymentTemplate().catch(notifyError);
  };

  return (
    <>
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
    </>
  );
}
