import { VISIT_MESSAGES, type CrewStop, type VisitState } from '@lawn/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mapsUrl } from '../stop-state';
import { PhotoInput } from './PhotoInput';

const STATE_LABELS: Record<VisitState, string> = {
  pending: 'Not started',
  'checked-in': 'Checked in',
  'checked-out': 'Done',
};

type StopCardProps = {
  stop: CrewStop;
  state: VisitState;
  isWaiting: boolean;
  onCheckIn: (photo: File) => void;
  onCheckOut: () => void;
};

function Lines({ title, lines }: { title: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </Typography>
    </div>
  );
}

/** One stop of the day: where it is (a link to the maps app), how to get in, what to heed, and its check-in and out. */
export function StopCard({ stop, state, isWaiting, onCheckIn, onCheckOut }: StopCardProps) {
  const codes = [
    stop.gateCode ? `Gate code: ${stop.gateCode}` : null,
    stop.communityCode ? `Community code: ${stop.communityCode}` : null,
  ].filter((line): line is string => line !== null);
  return (
    <Card component="article" aria-label={stop.serviceAddress} variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2">
              <Link href={mapsUrl(stop)} target="_blank" rel="noopener noreferrer">
                {stop.serviceAddress}
              </Link>
            </Typography>
            <Chip size="small" label={STATE_LABELS[state]} color={state === 'checked-out' ? 'success' : 'default'} />
          </Stack>
          <Typography variant="body2">
            {stop.city} {stop.zipcode}
          </Typography>
          {isWaiting && (
            <Chip size="small" color="warning" label={VISIT_MESSAGES.waitingToSend} sx={{ alignSelf: 'flex-start' }} />
          )}
          <Lines title="Codes" lines={codes} />
          <Lines title="Hazards" lines={stop.hazards} />
          <Lines title="Special requests" lines={stop.specialRequests} />
        </Stack>
      </CardContent>
      <CardActions>
        {state === 'pending' && (
          <PhotoInput label={`Check in at ${stop.serviceAddress}`} variant="contained" onPhoto={onCheckIn}>
            Check in
          </PhotoInput>
        )}
        {state === 'checked-in' && (
          <Button variant="contained" onClick={onCheckOut}>
            Check out
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
