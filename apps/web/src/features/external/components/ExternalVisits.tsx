import { formatUsDate, weekOf, type CompletedService } from '@lawn/shared';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { VisitPhotosDialog } from '../../../components/VisitPhotosDialog';
import { loadExternalPhoto } from '../api/external-api';

/**
 * The proof of service: each visit of the year the crew checked out of, on its week, with the crew's note; Photos
 * shows the check-in and check-out photos.
 */
export function ExternalVisits({ token, visits }: { token: string; visits: readonly CompletedService[] }) {
  const titleId = useId();
  const [shown, setShown] = useState<CompletedService | null>(null);
  const load = useMemo(() => loadExternalPhoto(token), [token]);
  return (
    <Stack spacing={1} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2">
        Completed services
      </Typography>
      {visits.length === 0 ? (
        <Typography color="text.secondary">No completed services this year yet</Typography>
      ) : (
        <List dense disablePadding>
          {visits.map((visit) => (
            <ListItem
              key={visit.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => setShown(visit)}
                  aria-label={`Photos of the service of ${formatUsDate(visit.workday)}`}
                >
                  Photos
                </Button>
              }
            >
              <ListItemText
                primary={`Week ${weekOf(visit.workday).week}: ${formatUsDate(visit.workday)}`}
                secondary={visit.note || null}
              />
            </ListItem>
          ))}
        </List>
      )}
      {shown && <VisitPhotosDialog visit={shown} load={load} onClose={() => setShown(null)} />}
    </Stack>
  );
}
