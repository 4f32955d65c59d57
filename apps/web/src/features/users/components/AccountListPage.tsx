import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AddIcon, EditIcon, HistoryIcon } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import type { AccountKind } from '../account-kinds';
import { ACCOUNT_PAGES, type AccountFormState } from '../account-pages';
import type { GridPage } from '../api/users-api';
import { SelectableGrid } from './SelectableGrid';
import { UserHistoryDialog } from './UserHistoryDialog';

const PAGE_SIZE = 10;

type AccountListPageProps<Row extends GridValidRowModel & { id: number }> = {
  kind: AccountKind;
  /** What the list is, said above it. */
  description: string;
  /** How a failed load names the list ('The users'). */
  subject: string;
  columns: GridColDef<Row>[];
  /** The query of one page of the list. */
  useRows: (page: GridPage) => UseQueryResult<{ data: Row[]; total: number }>;
  /** Create only while no row is selected (the staff list); the crew lists offer it either way. */
  isCreateDisabledBySelection?: boolean;
  /** Further buttons beside Create and Edit. */
  actions?: ReactNode;
};

/**
 * A list of accounts of one kind, 10 a page, newest first, with one row selected at a time: Create opens the kind's
 * form empty, Edit with the selected account and History its changes (both disabled while none is).
 */
export function AccountListPage<Row extends GridValidRowModel & { id: number }>({
  kind,
  description,
  subject,
  columns,
  useRows,
  isCreateDisabledBySelection = false,
  actions,
}: AccountListPageProps<Row>) {
  const navigate = useNavigate();
  const [page, setPage] = useState<GridPage>({ page: 0, pageSize: PAGE_SIZE });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const rows = useRows(page);
  const { form, noun, listTitle } = ACCOUNT_PAGES[kind];
  const open = (id: number) => {
    const state: AccountFormState = { id };
    void navigate(form, { state });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {description} Select a row to edit it.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={isCreateDisabledBySelection && selectedId !== null}
          onClick={() => open(0)}
        >
          Create {noun}
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          disabled={selectedId === null}
          onClick={() => selectedId !== null && open(selectedId)}
        >
          Edit {noun}
        </Button>
        <Button
          variant="outlined"
          startIcon={<HistoryIcon />}
          disabled={selectedId === null}
          onClick={() => setIsHistoryOpen(true)}
        >
          History
        </Button>
        {actions}
      </Stack>
      {rows.isError ? (
        <LoadErrorAlert subject={subject} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <SelectableGrid
          label={listTitle}
          rows={rows.data?.data ?? []}
          total={rows.data?.total ?? 0}
          columns={columns}
          isLoading={rows.isPending || rows.isPlaceholderData}
          page={page}
          onPageChange={setPage}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}
      {isHistoryOpen && selectedId !== null && (
        <UserHistoryDialog userId={selectedId} onClose={() => setIsHistoryOpen(false)} />
      )}
    </Stack>
  );
}
