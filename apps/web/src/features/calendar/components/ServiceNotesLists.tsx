import { CALENDAR_MESSAGES, SERVICE_NOTE_LABELS, type ServiceNote, type ServiceNotes } from '@lawn/shared';
import { DeleteOutlinedIcon as DeleteOutlined, EditOutlinedIcon as EditOutlined } from '../../../components/icons';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { formatPlainDate } from '../../../lib/dates';
import { useDeleteServiceNoteMutation, useEditServiceNoteMutation, useServiceNotesQuery } from '../api/calendar-api';
import { ServiceNoteEditDialog } from './ServiceNoteEditDialog';

const LISTS = [
  { key: 'skips', title: 'Skips', empty: 'No skips' },
  { key: 'write', title: 'Write ins', empty: 'No write ins' },
  { key: 'redo', title: 'Redos', empty: 'No redos' },
] as const satisfies readonly { key: keyof ServiceNotes; title: string; empty: string }[];

type NoteActions = {
  onEdit: (note: ServiceNote) => void;
  /** Asks first; the question and the deletion report their own outcome, so nobody awaits it. */
  onDelete: (note: ServiceNote) => Promise<void>;
  isDeleting: (note: ServiceNote) => boolean;
};

function noteName(note: ServiceNote): string {
  return `${SERVICE_NOTE_LABELS[note.type].toLowerCase()} #${note.count} (week ${note.week})`;
}

function NoteItem({ note, onEdit, onDelete, isDeleting }: NoteActions & { note: ServiceNote }) {
  const by = `${note.firstName} ${note.lastName}`.trim();
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={
        <Stack direction="row">
          <IconButton size="small" aria-label={`Edit ${noteName(note)}`} onClick={() => onEdit(note)}>
            <EditOutlined fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Delete ${noteName(note)}`}
            disabled={isDeleting(note)}
            onClick={() => void onDelete(note)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Stack>
      }
      sx={{ pr: 9 }}
    >
      <ListItemText
        primary={`#${note.count} · Week ${note.week} · ${formatPlainDate(note.workday)}`}
        secondary={
          <>
            {note.message || 'No message'}
            {by && ` — ${by}`}
          </>
        }
      />
    </ListItem>
  );
}

function NoteList({
  title,
  empty,
  notes,
  ...actions
}: NoteActions & { title: string; empty: string; notes: ServiceNote[] }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title} ({notes.length})
      </Typography>
      {notes.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} {...actions} />
          ))}
        </List>
      )}
    </Box>
  );
}

const columnsSx = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 } as const;

/** Service notes of the calendar's year: skips, write-ins and redos, each editable and deletable. */
export function ServiceNotesLists({ customerId, year }: { customerId: number; year: number | undefined }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const notes = useServiceNotesQuery(customerId, year);
  const remove = useDeleteServiceNoteMutation(customerId);
  const edit = useEditServiceNoteMutation(customerId);
  // `id` remounts the dialog on every opening, so it starts from the note's current message.
  const [editing, setEditing] = useState<{ note: ServiceNote; isOpen: boolean; id: number } | null>(null);
  const openings = useRef(0);

  const actions: NoteActions = {
    onEdit: (note) => setEditing({ note, isOpen: true, id: ++openings.current }),
    onDelete: async (note) => {
      const isConfirmed = await confirm({
        title: CALENDAR_MESSAGES.noteDeleteConfirm,
        message: CALENDAR_MESSAGES.noteDeleteDetail,
      });
      if (!isConfirmed) return;
      remove.mutate(note, { onSuccess: ({ message }) => notify(message, 'success') });
    },
    isDeleting: (note) =>
      remove.isPending && remove.variables?.type === note.type && remove.variables.week === note.week,
  };

  const saveMessage = async (message: string) => {
    if (!editing) return;
    const { note } = editing;
    const answer = await edit.mutateAsync({ type: note.type, year: note.year, week: note.week, message });
    notify(answer.message, 'success');
    setEditing({ ...editing, isOpen: false });
  };

  let body;
  if (notes.isError) {
    body = <LoadErrorAlert subject="The service notes" error={notes.error} onRetry={() => void notes.refetch()} />;
  } else if (!notes.data) {
    body = (
      <Box sx={columnsSx} role="status" aria-busy="true" aria-label="Loading the service notes">
        {LISTS.map((list) => (
          <Skeleton key={list.key} variant="rounded" height={96} />
        ))}
      </Box>
    );
  } else {
    const data = notes.data;
    body = (
      <Box sx={columnsSx}>
        {LISTS.map((list) => (
          <NoteList key={list.key} title={list.title} empty={list.empty} notes={data[list.key]} {...actions} />
        ))}
      </Box>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-label="Service notes">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Service notes {year ?? ''}
        </Typography>
        {body}
        {editing && (
          <ServiceNoteEditDialog
            key={editing.id}
            isOpen={editing.isOpen}
            note={editing.note}
            onClose={() => setEditing({ ...editing, isOpen: false })}
            onSave={saveMessage}
          />
        )}
      </CardContent>
    </Card>
  );
}
