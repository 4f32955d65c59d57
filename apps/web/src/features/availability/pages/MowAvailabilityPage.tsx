import { AVAILABILITY_EDIT_ROLES, hasRole, type AvailabilityWeek } from '@lawn/shared';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { selectUser, useAppState } from '../../../lib/app-store';
import { useAvailabilitySlotsQuery, useMarketsQuery } from '../api/availability-api';
import { EditWeekDialog } from '../components/EditWeekDialog';
import { WeekTable } from '../components/WeekTable';

/**
 * Mow Availabilities (/mow-availabilities): a market's weeks from this one, each with its weekdays' max mows and the
 * mows scheduled on them (counted from the schedules, never typed). Admin and Manager edit a week's days; the new
 * orders' start-date pickers close a day that is full or locked.
 */
export function MowAvailabilityPage() {
  const { role } = useAppState(selectUser);
  const notify = useNotify();
  const markets = useMarketsQuery();
  const [chosenMarketId, setChosenMarketId] = useState<number | null>(null);
  const marketId = chosenMarketId ?? markets.data?.[0]?.id ?? null;
  const market = markets.data?.find((known) => known.id === marketId);
  const slots = useAvailabilitySlotsQuery(marketId);
  const [editedWeek, setEditedWeek] = useState<AvailabilityWeek | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const canEdit = role !== null && hasRole(role, AVAILABILITY_EDIT_ROLES);
  const edit = (week: AvailabilityWeek) => {
    setEditedWeek(week);
    setIsDialogOpen(true);
  };

  if (markets.isError) {
    return <LoadErrorAlert subject="The markets" error={markets.error} onRetry={() => void markets.refetch()} />;
  }
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Market"
          value={marketId ?? ''}
          onChange={(event) => setChosenMarketId(Number(event.target.value))}
          disabled={!markets.data}
          sx={{ minWidth: 240 }}
        >
          {(markets.data ?? []).map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography color="text.secondary">
          Max mows per day (no limit until set) beside the mows scheduled; a full or locked day cannot start a new
          customer.
        </Typography>
      </Stack>
      {markets.data?.length === 0 && <Typography>There are no markets yet.</Typography>}
      {slots.isError && (
        <LoadErrorAlert subject="The availability" error={slots.error} onRetry={() => void slots.refetch()} />
      )}
      {(markets.isPending || (marketId !== null && slots.isPending)) && (
        <CircularProgress aria-label="Loading the availability" sx={{ alignSelf: 'center' }} />
      )}
      {slots.data?.data.map((week) => (
        <WeekTable key={week.start} week={week} onEdit={canEdit ? edit : null} />
      ))}
      {editedWeek && marketId !== null && (
        <EditWeekDialog
          isOpen={isDialogOpen}
          marketId={marketId}
          week={editedWeek}
          timeZone={market?.timeZone ?? 'America/Chicago'}
          onClose={() => setIsDialogOpen(false)}
          onSaved={() => {
            setIsDialogOpen(false);
            notify('The availability has been saved', 'success');
          }}
        />
      )}
    </Stack>
  );
}
