import type { Activity } from '@lawn/shared';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatPlainDate } from '../../../lib/dates';

type ActivityListProps = {
  year: number | undefined;
  activities: Activity[] | undefined;
  error?: unknown;
  onRetry?: () => void;
};

function ActivityBody({ activities, error, onRetry, year }: ActivityListProps) {
  if (error) {
    return <LoadErrorAlert subject="The activity" error={error} onRetry={onRetry} />;
  }
  if (!activities) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading the activity">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} variant="text" width="60%" />
        ))}
      </Stack>
    );
  }
  if (activities.length === 0) {
    return <Typography color="text.secondary">No activity in {year}.</Typography>;
  }
  return (
    <Box
      component="ul"
      aria-label={`Activity of ${year}`}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.75,
      }}
    >
      {activities.map((activity, index) => (
        <Box component="li" key={`${activity.workday}-${index}`} sx={{ display: 'contents' }}>
          <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPlainDate(activity.workday)}
          </Typography>
          <Typography component="span" variant="body2">
            {activity.description}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The year's activity under the calendar: workday and description. */
export function ActivityList(props: ActivityListProps) {
  return (
    <Stack spacing={1.5} component="section" aria-label="Activity">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Activity
      </Typography>
      <ActivityBody {...props} />
    </Stack>
  );
}
