import { NOTE_MESSAGES, NOTE_TYPE, NOTE_TYPES, NOTES_PAGE_SIZE, type Note, type NoteType } from '@lawn/shared';
import { AddIcon as Add, DeleteOutlinedIcon as DeleteOutline } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
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
import { PendingButton } from '../../../components/PendingButton';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { formatPlainDate } from '../../../lib/dates';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import {
  useCreateNoteMutation,
  useDeleteNotesMutation,
  useNotesQuery,
  useUpdateNoteMutation,
  useUploadAttachmentsMutation,
} from '../api/notes-api';
import { BillingNoteStatusSelect } from './BillingNoteStatusSelect';
import { NoteDialog } from './NoteDialog';

type NotesPanelProps = {
  customerId: number;
  /** The type a new note gets. */
  typeId: NoteType;
  /** The types the list shows (default: `typeId` alone). */
  listTypes?: readonly NoteType[];
  /** The note dialog's title, e.g. 'Call note'. */
  noteTitle: string;
  /** What the list says when there is nothing, e.g. 'No call notes yet'. */
  emptyText: string;
};

const EXCERPT_LENGTH = 120;
/** The note's words; a rejected note's reasons come first, so why the order was rejected reads in the list. */
const excerpt = (note: Note) => {
  const text = [note.rejectionReasons.join(', '), note.description].filter(Boolean).join(': ');
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
};

/**
 * Which note the dialog shows: a new one, or an existing one by id (kept while the list reloads). `key` stays the same
 * while one dialog is open, also when a new note becomes an existing one.
 */
type OpenNote = { kind: 'new'; key: number } | { kind: 'existing'; key: number; note: Note };

/**
 * A record's notes of one kind: 5 a page from the server, newest first; each opens in the note
 * dialog; Add note; and the selected notes deleted together after 'Are you sure to delete this note(s)?'. Billing
 * notes show their reason and status (Pending or Completed) where other notes show their hour.
 */
export function NotesPanel({ customerId, typeId, listTypes = [typeId], noteTitle, emptyText }: NotesPanelProps) {
  const isBilling = typeId === NOTE_TYPE.billing;
  // A list of several types (private and rejected notes) says which each note is.
  const hasTypeColumn = listTypes.length > 1;
  const columnCount = (isBilling ? 6 : 5) + (hasTypeColumn ? 1 : 0);
  const notify = useNotify();
  const confirm = useConfirm();
  const [page, setPage] = useState(0);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [open, setOpen] = useState<OpenNote | null>(null);
  const list = useNotesQuery(customerId, listTypes, page);
  const create = useCreateNoteMutation(customerId);
  const update = useUpdateNoteMutation(customerId);
  const upload = useUploadAttachmentsMutation(customerId);
  const [openings, setOpenings] = useState(0);
  const openDialog = (next: { kind: 'new' } | { kind: 'existing'; note: Note }) => {
    setOpenings((count) => count + 1);
    setOpen({ ...next, key: openings + 1 });
  };
  const remove = useDeleteNotesMutation(customerId);
  // Deleting from the dialog shows its failure inside the dialog.
  const removeOne = useDeleteNotesMutation(customerId, { meta: FORM_SHOWS_ERRORS });

  const notes = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  // The open note as the list has it now: after someone else's change it is their newer version.
  const openNote = open?.kind === 'existing' ? (notes.find((note) => note.id === open.note.id) ?? open.note) : null;

  const close = () => setOpen(null);
  const finish = (message: string) => {
    close();
    notify(message, 'success');
  };
  const toggle = (id: number) =>
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  const deleteSelected = async () => {
    if (!(await confirm({ title: 'Delete notes', message: NOTE_MESSAGES.deleteManyConfirm }))) return;
    await remove.mutateAsync(selectedIds).then(
      () => {
        setSelectedIds([]);
        notify(NOTE_MESSAGES.deleted, 'success');
      },
      // The shared handler already shows the failure.
      () => undefined,
    );
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {selectedIds.length > 0 && (
          <PendingButton
            color="error"
            startIcon={<DeleteOutline />}
            isPending={remove.isPending}
            onClick={() => void deleteSelected()}
          >
            Delete selected ({selectedIds.length})
          </PendingButton>
        )}
        <Button variant="contained" color="secondary" startIcon={<Add />} onClick={() => openDialog({ kind: 'new' })}>
          Add note
        </Button>
      </Stack>

      {list.isError ? (
        <LoadErrorAlert subject="The notes" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table size="small" aria-label={`${noteTitle}s`} aria-busy={list.isPending || list.isPlaceholderData}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHiddenSx}>
                    Select
                  </Box>
                </TableCell>
                <TableCell>Date</TableCell>
                {hasTypeColumn && <TableCell>Type</TableCell>}
                {isBilling ? (
                  <>
                    <TableCell>Reason</TableCell>
                    <TableCell>Status</TableCell>
                  </>
                ) : (
                  <TableCell>Hour</TableCell>
                )}
                <TableCell>{isBilling ? 'Description' : 'Note'}</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={columnCount}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {list.isSuccess && notes.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columnCount}>
                    <Typography color="text.secondary">{emptyText}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {notes.map((note) => (
                <TableRow key={note.id} hover selected={selectedIds.includes(note.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selectedIds.includes(note.id)}
                      onChange={() => toggle(note.id)}
                      slotProps={{ input: { 'aria-label': `Select: ${excerpt(note)}` } }}
                    />
                  </TableCell>
                  <TableCell>{formatPlainDate(note.serviceDate)}</TableCell>
                  {hasTypeColumn && <TableCell>{NOTE_TYPES[note.typeId as NoteType]}</TableCell>}
                  {isBilling ? (
                    <>
                      <TableCell>{note.reason ?? ''}</TableCell>
                      <TableCell>
                        <BillingNoteStatusSelect customerId={customerId} note={note} />
                      </TableCell>
                    </>
                  ) : (
                    <TableCell>{note.serviceHour}</TableCell>
                  )}
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      color="inherit"
                      underline="hover"
                      sx={{ textAlign: 'left' }}
                      onClick={() => openDialog({ kind: 'existing', note })}
                    >
                      {excerpt(note)}
                    </Link>
                  </TableCell>
                  <TableCell>{note.user?.fullName ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {total > NOTES_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={NOTES_PAGE_SIZE}
              rowsPerPageOptions={[]}
            />
          )}
        </>
      )}

      {open && (
        <NoteDialog
          key={open.key}
          isOpen
          // A note of another type than new ones (a rejected note among private ones) is titled by its own type.
          title={openNote && openNote.typeId !== typeId ? NOTE_TYPES[openNote.typeId as NoteType] : noteTitle}
          typeId={openNote ? (openNote.typeId as NoteType) : typeId}
          note={openNote}
          customerId={customerId}
          onClose={close}
          onSave={async (values, files) => {
            if (openNote) {
              await update.mutateAsync({ id: openNote.id, patch: { ...values, version: openNote.version } });
              if (files.length > 0) await upload.mutateAsync({ noteId: openNote.id, files });
              finish(NOTE_MESSAGES.updated);
              return;
            }
            const created = (await create.mutateAsync({ typeId, ...values })).data;
            if (files.length > 0) {
              try {
                await upload.mutateAsync({ noteId: created.id, files });
              } catch (error) {
                // The note is saved: the dialog now shows it, with the files' error, so saving again edits it.
                setOpen({ kind: 'existing', key: open.key, note: created });
                throw error;
              }
            }
            finish(NOTE_MESSAGES.created);
          }}
          onDelete={
            openNote
              ? async () => {
                  await removeOne.mutateAsync([openNote.id]);
                  setSelectedIds((ids) => ids.filter((id) => id !== openNote.id));
                  finish(NOTE_MESSAGES.deleted);
                }
              : undefined
          }
        />
      )}
    </Stack>
  );
}
