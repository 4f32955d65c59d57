import { formatUsDate, VISIT_MESSAGES, type CrewStop } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCrewDayQuery, useVisitQueue } from '../api/crew-api';
import { CheckOutDialog } from '../components/CheckOutDialog';
import { StopCard } from '../components/StopCard';
import { shownState } from '../stop-state';

/**
 * The crew's day on a phone: today's stops in route order, each checked in with a photo on arrival and checked out
 * with a photo and a note. Without connection an action is kept and sent when the connection returns.
 */
export function CrewTodayPage() {
  const day = useCrewDayQuery();
  const visits = useVisitQueue();
  const [checkingOut, setCheckingOut] = useState<CrewStop | null>(null);

  if (day.isPending) return <PageLoader label="Loading today's stops" />;
  if (day.isError) {
    return <LoadErrorAlert subject="Today's stops" error={day.error} onRetry={() => void day.refetch()} />;
  }
  const { data } = day;
  // An action of another day still waiting to be sent does not move today's stops.
  const waitingToday = visits.pending.filter((visit) => visit.workday === data.workday);
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="p">
        Crew {data.crewNumber}, {formatUsDate(data.workday)}
      </Typography>
      {data.data.length === 0 && (
        <Typography variant="h6" component="p" sx={{ textAlign: 'center', py: 4 }}>
          {VISIT_MESSAGES.noStops}
        </Typography>
      )}
      {data.data.map((stop) => {
        const shown = shownState(stop, waitingToday);
        return (
          <StopCard
            key={stop.propertyId}
            stop={stop}
            state={shown.state}
            isWaiting={shown.isWaiting}
            onCheckIn={(photo) =>
              void visits.take({ propertyId: stop.propertyId, workday: data.workday, action: 'check-in', photo })
            }
            onCheckOut={() => setCheckingOut(stop)}
          />
        );
      })}
      {checkingOut && (
        <CheckOutDialog
          stop={checkingOut}
          onClose={() => setCheckingOut(null)}
          onCheckOut={({ photo, note }) =>
            visits.take({ propertyId: checkingOut.propertyId, workday: data.workday, action: 'check-out', photo, note })
          }
        />
      )}
    </Stack>
  );
}
