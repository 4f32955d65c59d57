import {
  AVAILABILITY_TIME_ZONES,
  availabilityUpdateSchema,
  DAY_LOCK,
  formatUsDate,
  LOCK_MODE,
  type AvailabilityUpdateInput,
  type AvailabilityWeek,
} from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { useOpeningCount } from '../../../components/use-opening-count';
import { YesNoField } from '../../../components/YesNoField';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateWeekMutation } from '../api/availability-api';

type EditWeekDialogProps = {
  isOpen: boolean;
  marketId: number;
  /** The week being edited; its weekdays are offered, its version sent back. */
  week: AvailabilityWeek;
  /** The market's own time zone, offered first. */
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
};

const LOCK_MODES = [
  [LOCK_MODE.allDay, 'All day'],
  [LOCK_MODE.hours, 'Hour range'],
] as const;

const FIELDS = ['slots', 'week.weekdays', 'lockDayHourly', 'lockHoursRange.start', 'lockHoursRange.end'] as const;

function defaultsOf(week: AvailabilityWeek, timeZone: string): AvailabilityUpdateInput {
  const zone = AVAILABILITY_TIME_ZONES.find((known) => known === timeZone) ?? 'America/Chicago';
  return {
    version: week.version,
    slots: '',
    isLock: DAY_LOCK.open,
    lockDayHourly: '',
    lockHoursRange: { start: '', end: '' },
    timeZone: zone,
    week: { start: week.start, end: week.end, week: week.week, weekdays: [] },
  };
}

function EditWeekForm({ marketId, week, timeZone, isOpen, onClose, onSaved }: EditWeekDialogProps) {
  const notifyError = useNotifyError();
  const update = useUpdateWeekMutation(marketId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const daysLabelId = useId();
  const form = useSchemaForm(availabilityUpdateSchema, { defaultValues: defaultsOf(week, timeZone) });
  const { field: days, fieldState: daysState } = useController({ control: form.control, name: 'week.weekdays' });
  const { field: isLock } = useController({ control: form.control, name: 'isLock' });
  const { field: lockMode, fieldState: lockModeState } = useController({
    control: form.control,
    name: 'lockDayHourly',
  });
  const lockDayHourly = useWatch({ control: form.control, name: 'lockDayHourly' });
  const isLocked = isLock.value === DAY_LOCK.locked;
  const workdays = week.weekdays.filter((day) => day.workday <= 5);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await update.mutateAsync(values);
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        notifyError(error);
        return;
      }
      if (error.status === 409 || !applyFieldErrors(error, form.setError, FIELDS)) setRefusal(errorMessage(error));
    }
  });

  const toggleDay = (date: string, isChecked: boolean) => {
    const chosen = new Set(days.value);
    if (isChecked) chosen.add(date);
    else chosen.delete(date);
    days.onChange(workdays.map((day) => day.date).filter((day) => chosen.has(day)));
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={`Edit week ${week.week}`}
      description={`${formatUsDate(week.start)} to ${formatUsDate(week.end)}: the max mows and lock of the days you select.`}
      error={refusal}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      <FormTextField
        control={form.control}
        name="slots"
        label="Max mows"
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormControl error={daysState.invalid} component="fieldset">
        <FormLabel id={daysLabelId} component="legend">
          Days
        </FormLabel>
        <FormGroup row aria-labelledby={daysLabelId}>
          {workdays.map((day) => (
            <FormControlLabel
              key={day.date}
              label={`${day.smallName} ${formatUsDate(day.date).slice(0, 5)}`}
              control={
                <Checkbox
                  checked={days.value.includes(day.date)}
                  onChange={(event) => toggleDay(day.date, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {daysState.error && <FormHelperText>{daysState.error.message}</FormHelperText>}
      </FormControl>
      <FormControlLabel
        label="Lock the selected days"
        control={
          <Checkbox
            checked={isLocked}
            onChange={(event) => isLock.onChange(event.target.checked ? DAY_LOCK.locked : DAY_LOCK.open)}
          />
        }
      />
      {isLocked && (
        <YesNoField
          label="Lock"
          value={lockMode.value}
          onChange={lockMode.onChange}
          error={lockModeState.error?.message}
          choices={LOCK_MODES}
        />
      )}
      {isLocked && lockDayHourly === LOCK_MODE.hours && (
        <Stack direction="row" spacing={2}>
          {(['start', 'end'] as const).map((end) => (
            <FormTextField
              key={end}
              control={form.control}
              name={`lockHoursRange.${end}`}
              label={end === 'start' ? 'From' : 'To'}
              type="time"
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Stack>
      )}
      <FormTextField control={form.control} name="timeZone" label="Time zone" select required fullWidth>
        {AVAILABILITY_TIME_ZONES.map((zone) => (
          <MenuItem key={zone} value={zone}>
            {zone}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}

/** The Edit dialog of a week: max mows, the days, an optional lock and its time zone; a new form for every opening. */
export function EditWeekDialog(props: EditWeekDialogProps) {
  return <EditWeekForm key={useOpeningCount(props.isOpen)} {...props} />;
}
