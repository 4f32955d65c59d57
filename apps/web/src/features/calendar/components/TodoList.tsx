import type { Todo } from '@lawn/shared';
import { AddIcon as Add, EditOutlinedIcon as EditOutlined } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { errorMessage } from '../../../lib/error-message';
import { useCalendarQuery } from '../api/calendar-api';
import { useSaveTodoMutation, useTodosQuery } from '../api/todos-api';
import { TodoDialog } from './TodoDialog';

type OpenDialog = { todo?: Todo } | null;

/**
 * The record's to-dos of the calendar's year: staff's reminders on its weeks, one a week. Each can be marked done
 * (its week is then no longer marked on the calendar) or edited; Add to-do puts one on a week.
 */
export function TodoList({ customerId }: { customerId: number }) {
  const notify = useNotify();
  // The year the record's calendar opens on (the same query the calendar reads).
  const year = useCalendarQuery(customerId, null, 'all').data?.year;
  const todos = useTodosQuery(customerId, year);
  const save = useSaveTodoMutation(customerId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [openings, setOpenings] = useState(0);

  const open = (next: NonNullable<OpenDialog>) => {
    setOpenings((count) => count + 1);
    setDialog(next);
  };

  const toggle = (todo: Todo, done: boolean) =>
    save.mutate(
      { year: todo.year, week: todo.week, text: todo.text, done, version: todo.version },
      { onError: (error) => notify(errorMessage(error), 'error') },
    );

  return (
    <Stack spacing={1} component="section" aria-labelledby="todos-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="todos-heading" component="h3" variant="h6">
          To-dos {year ?? ''}
        </Typography>
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<Add />}
          disabled={year === undefined}
          onClick={() => open({})}
        >
          Add to-do
        </Button>
      </Box>
      {todos.isError && (
        <LoadErrorAlert subject="The to-dos" error={todos.error} onRetry={() => void todos.refetch()} />
      )}
      {(todos.isPending || year === undefined) && !todos.isError && <Skeleton aria-label="Loading the to-dos" />}
      {todos.data?.length === 0 && <Typography color="text.secondary">No to-dos for {year}</Typography>}
      {todos.data && todos.data.length > 0 && (
        <List dense aria-label={`To-dos ${year ?? ''}`}>
          {todos.data.map((todo) => (
            <ListItem
              key={todo.id}
              disableGutters
              secondaryAction={
                <IconButton aria-label={`Edit the to-do of week ${todo.week}`} onClick={() => open({ todo })}>
                  <EditOutlined />
                </IconButton>
              }
            >
              <Checkbox
                checked={todo.done}
                onChange={(event) => toggle(todo, event.target.checked)}
                slotProps={{ input: { 'aria-label': `Week ${todo.week} done` } }}
              />
              <ListItemText
                primary={todo.text}
                secondary={`Week ${todo.week}${todo.user ? `, by ${todo.user.fullName}` : ''}`}
                sx={todo.done ? { textDecoration: 'line-through' } : undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
      {dialog && year !== undefined && (
        <TodoDialog
          key={openings}
          customerId={customerId}
          year={year}
          {...(dialog.todo ? { todo: dialog.todo } : {})}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
