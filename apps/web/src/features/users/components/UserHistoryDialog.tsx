import { USER_STATUS, type UserHistoryAction, type UserHistoryEntry, type UserHistoryField } from '@lawn/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { useUserHistoryQuery } from '../api/users-api';

const ACTION_LABELS: Record<UserHistoryAction, string> = {
  created: 'Created',
  updated: 'Edited',
  deactivated: 'Deactivated',
  reactivated: 'Reactivated',
};

const FIELD_LABELS: Record<UserHistoryField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
  status: 'Status',
  crewNumber: 'Crew number',
  serviceMarketId: 'Market',
};

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'status') return value === USER_STATUS.active ? 'Active' : 'Inactive';
  return String(value);
}

/** Each changed field as "Last name: Lopez → Lopez Diaz"; a password change is named, never shown. */
function changeLines(entry: UserHistoryEntry): string[] {
  const lines = Object.entries(entry.changes).map(([field, { from, to }]) => {
    const label = FIELD_LABELS[field as UserHistoryField] ?? field;
    return entry.action === 'created'
      ? `${label}: ${valueText(field, to)}`
      : `${label}: ${valueText(field, from)} → ${valueText(field, to)}`;
  });
  if (entry.isPasswordChanged) lines.push(entry.action === 'created' ? 'Password typed' : 'Password changed');
  return lines;
}

type Props = { userId: number; onClose: () => void };

/** An account's changes, newest first: what was done, by whom and when, and each field before and after. */
export function UserHistoryDialog({ userId, onClose }: Props) {
  const history = useUserHistoryQuery(userId);
  let content;
  if (history.isError) {
    content = <LoadErrorAlert subject="The history" error={history.error} onRetry={() => void history.refetch()} />;
  } else if (!history.data) {
    content = <CircularProgress aria-label="Loading the history" />;
  } else if (history.data.length === 0) {
    content = <Typography color="text.secondary">No changes recorded yet</Typography>;
  } else {
    content = (
      <List aria-label="Changes" dense>
        {history.data.map((entry) => (
          <ListItem key={entry.id} divider sx={{ alignItems: 'flex-start' }}>
            <ListItemText
              primary={`${ACTION_LABELS[entry.action]} on ${formatDateTime(new Date(entry.changedAt))} by ${
                entry.changedBy ?? 'a former user'
              }`}
              secondary={changeLines(entry).join('; ')}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="user-history-title">
      <DialogTitle id="user-history-title">History</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
