import { LOOKUP_MESSAGES, SAVED_SEARCH_PAGE_SIZE, type SavedSearch } from '@lawn/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { useDeleteSavedSearchMutation, useSavedSearchesQuery } from '../api/lookup-api';

type SavedSearchListProps = {
  /** Process: open the customer list with the search's filter. */
  onProcess: (search: SavedSearch) => void;
};

/** Saved search lists: the person's saved searches, 10 a page, each processed or deleted after confirmation. */
export function SavedSearchList({ onProcess }: SavedSearchListProps) {
  const [page, setPage] = useState(0);
  const saved = useSavedSearchesQuery(page);
  const remove = useDeleteSavedSearchMutation();
  const confirm = useConfirm();
  const notify = useNotify();

  const onDelete = async (search: SavedSearch) => {
    const isConfirmed = await confirm({ title: 'Delete search', message: LOOKUP_MESSAGES.deleteConfirm });
    if (!isConfirmed) return;
    remove.mutate(search, {
      onSuccess: (answer) => {
        notify(answer.message, 'success');
        // Deleting the last search of a later page shows the page before it.
        if (saved.data && saved.data.data.length === 1 && page > 0) setPage(page - 1);
      },
    });
  };

  if (saved.isPending) return <CircularProgress aria-label="Loading the saved searches" />;
  if (saved.isError)
    return <LoadErrorAlert error={saved.error} subject="The saved searches" onRetry={() => void saved.refetch()} />;
  const rows = saved.data.data;
  if (rows.length === 0 && page === 0) {
    return (
      <Typography color="text.secondary">No saved searches yet. Save a search from Market information.</Typography>
    );
  }
  return (
    <>
      <Table size="small" aria-label="Saved searches">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((search) => (
            <TableRow key={search.id}>
              <TableCell>{search.name}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    size="small"
                    color="secondary"
                    onClick={() => onProcess(search)}
                    aria-label={`Process ${search.name}`}
                  >
                    Process
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => void onDelete(search)}
                    aria-label={`Delete ${search.name}`}
                  >
                    Delete
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={saved.data.total}
        page={page}
        rowsPerPage={SAVED_SEARCH_PAGE_SIZE}
        rowsPerPageOptions={[SAVED_SEARCH_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </>
  );
}
