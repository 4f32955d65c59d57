import { SEASON_MESSAGES, seasonWeekChoices, type SeasonWeek, type SeasonWeekType } from '@lawn/shared';
import {
  PlayArrowIcon as PlayArrow,
  RefreshIcon as Refresh,
  TableChartIcon as TableChart,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { plural } from '../../../lib/format';
import {
  scheduleKeys,
  useProcessScheduleMutation,
  useScheduleStatusQuery,
  useSeasonWeeksQuery,
  type SeasonRange,
} from '../api/schedule-api';
import { PendingUpdates } from '../components/PendingUpdates';
import { ScheduleProgress } from '../components/ScheduleProgress';
import { SeasonLegend } from '../components/SeasonLegend';
import { SeasonStartSummaryDialog, SUMMARY_TITLE } from '../components/SeasonStartSummaryDialog';
import { SeasonWeekGrid } from '../components/SeasonWeekGrid';
import { SeasonWeekMenu } from '../components/SeasonWeekMenu';
import { YearNavigation } from '../components/YearNavigation';
import { useMowYear } from '../mow-year-setting';
import { savedTypesOf } from '../season-edits';
import { useSeasonEdits } from '../use-season-edits';

export const DISCARD_PENDING_TITLE = 'Discard the pending updates?';

type MenuState = { week: SeasonWeek; anchor: HTMLElement };

/**
 * The season weeks of a mow year for every property, opening on the saved mow year: week types chosen as pending
 * updates, then Process saves them and plans the year again, with its progress shown.
 */
export function ScheduleManagementPage() {
  const [year, setYear] = useMowYear();
  if (year === null) return <CircularProgress aria-label="Loading the mow year" />;
  return <ScheduleOfYear year={year} setYear={setYear} />;
}

function ScheduleOfYear({ year, setYear }: { year: number; setYear: (year: number) => void }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<SeasonRange>('all');
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [isSummaryOpen, setIsSummaryOpen] = useState(false);

  // The menu rules need the whole year even when only the winter weeks are listed.
  const wholeYear = useSeasonWeeksQuery(year, 'all');
  const listed = useSeasonWeeksQuery(year, range);
  const status = useScheduleStatusQuery(year);
  const processSchedule = useProcessScheduleMutation(year);

  const savedTypes = useMemo(() => savedTypesOf(wholeYear.data?.data ?? []), [wholeYear.data]);
  const edits = useSeasonEdits(year, savedTypes);
  const pendingCount = edits.updates.length;
  const isBusy = processSchedule.isPending;
  const isProcessDisabled = isBusy || !wholeYear.data || status.data?.isProgress === true;

  const keepOrDiscardPending = async () =>
    pendingCount === 0 ||
    confirm({
      title: DISCARD_PENDING_TITLE,
      message: `${plural(pendingCount, 'pending update')} of ${year} will be lost.`,
    });

  const changeYear = async (next: number) => {
    if (!(await keepOrDiscardPending())) return;
    edits.clear();
    setYear(next);
  };

  const reload = async () => {
    if (!(await keepOrDiscardPending())) return;
    edits.clear();
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  };

  const process = async () => {
    const updates = edits.updates;
    if (updates.length > 0) {
      const isConfirmed = await confirm({
        title: SEASON_MESSAGES.processConfirm,
        message: `${plural(updates.length, 'pending update')} will be saved and every property's weeks of ${year} planned again.`,
      });
      if (!isConfirmed) return;
    }
    processSchedule.mutate(updates, {
      onSuccess: (answer) => {
        edits.clear();
        notify(answer.message, 'success');
      },
    });
  };

  const choose = (type: SeasonWeekType) => {
    if (menu) edits.add({ week: menu.week.week, type });
    setMenu(null);
  };

  const openMenu = useCallback((week: SeasonWeek, anchor: HTMLElement) => setMenu({ week, anchor }), []);

  const removeUpdate = (index: number) => {
    const dropped = edits.remove(index);
    if (dropped > 0) notify(`${plural(dropped, 'later update')} no longer applied and removed too`, 'info');
  };

  const weeksError = wholeYear.error ?? listed.error;
  let grid;
  if (weeksError) {
    grid = <LoadErrorAlert subject="The weeks" error={weeksError} onRetry={() => void reload()} />;
  } else if (!wholeYear.data || !listed.data) {
    grid = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the weeks" />
      </Box>
    );
  } else if (listed.data.data.length === 0) {
    grid = (
      <Typography color="text.secondary">{range === 'winter' ? `No winter weeks in ${year}` : 'No weeks'}</Typography>
    );
  } else {
    grid = (
      <SeasonWeekGrid
        weeks={listed.data.data}
        types={edits.types}
        savedTypes={savedTypes}
        isLocked={isBusy}
        onChooseWeek={openMenu}
      />
    );
  }

  return (
    <Stack spacing={2}>
      <Stack
        role="group"
        aria-label="Schedule actions"
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}
      >
        <YearNavigation year={year} isDisabled={isBusy} onChange={(next) => void changeYear(next)} />
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Weeks shown"
          value={range}
          onChange={(_event, next: SeasonRange | null) => next && setRange(next)}
        >
          <ToggleButton value="all">All weeks</ToggleButton>
          <ToggleButton value="winter">Winter</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          color="secondary"
          startIcon={<PlayArrow />}
          onClick={() => void process()}
          disabled={isProcessDisabled}
        >
          Process
        </Button>
        <Button variant="outlined" color="secondary" startIcon={<Refresh />} onClick={() => void reload()}>
          Reload
        </Button>
        <Button variant="outlined" color="secondary" startIcon={<TableChart />} onClick={() => setIsSummaryOpen(true)}>
          {SUMMARY_TITLE}
        </Button>
      </Stack>

      <ScheduleProgress status={status.data} error={status.error} onRetry={() => void status.refetch()} />
      <SeasonLegend />
      {wholeYear.data && !wholeYear.data.isSaved && (
        <Typography variant="body2" color="text.secondary">
          The default season: nobody has changed the weeks of {year} yet.
        </Typography>
      )}
      <PendingUpdates updates={edits.updates} isDisabled={isBusy} onRemove={removeUpdate} onClear={edits.clear} />
      {grid}

      <SeasonWeekMenu
        anchor={menu?.anchor ?? null}
        week={menu?.week.week ?? null}
        choices={menu ? seasonWeekChoices(edits.types, menu.week.week) : []}
        onChoose={choose}
        onClose={() => setMenu(null)}
      />
      <SeasonStartSummaryDialog year={year} isOpen={isSummaryOpen} onClose={() => setIsSummaryOpen(false)} />
    </Stack>
  );
}
