import {
  ALARM_MAX_DATE,
  alarmFormSchema,
  businessClock,
  hourOfMinute,
  type Alarm,
  type AlarmFormValues,
} from '@lawn/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotify } from '../../../components/notifier-context';
import { YES_NO_BOOLEAN, YesNoField } from '../../../components/YesNoField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateAlarmMutation, useUpdateAlarmMutation } from '../api/alarms-api';

const FIELDS = ['alarmDate', 'alarmHour', 'duration', 'snooze', 'regarding', 'detail'] as const;

/** A new alarm starts today at the next minute, in the business's zone; an existing one with its own values. */
function startingValues(alarm: Alarm | null, now: Date): AlarmFormValues {
  if (alarm) {
    const { alarmDate, alarmHour, duration, snooze, regarding, detail } = alarm;
    return { alarmDate, alarmHour, duration: String(duration), snooze, regarding, detail };
  }
  const clock = businessClock(now);
  return {
    alarmDate: clock.date,
    alarmHour: hourOfMinute(Math.min(clock.minute + 1, 24 * 60 - 1)),
    duration: '',
    snooze: null,
    regarding: '',
    detail: '',
  };
}

type AlarmFormDialogProps = {
  /** The alarm to reschedule, or null for a new one. */
  alarm: Alarm | null;
  onClose: () => void;
};

/**
 * The alarm form: date (up to 12/31/2050), hour, duration in minutes (also the snooze interval), snooze, regarding
 * and detail, each required, checked by the API's own schema. Rescheduling saves from the version shown; a change
 * made meanwhile answers its message here.
 */
export function AlarmFormDialog({ alarm, onClose }: AlarmFormDialogProps) {
  const notify = useNotify();
  const create = useCreateAlarmMutation();
  const update = useUpdateAlarmMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [defaultValues] = useState(() => startingValues(alarm, new Date()));
  const form = useSchemaForm(alarmFormSchema, { defaultValues });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = alarm ? await update.mutateAsync({ alarm, values }) : await create.mutateAsync(values);
      notify(answer.message, 'success');
      onClose();
    } catch (error) {
      if (applyFieldErrors(error, form.setError, FIELDS)) return;
      setServerError(errorMessage(error));
    }
  });

  return (
    <FormDialog
      isOpen
      title={alarm ? 'Reschedule alarm' : 'New alarm'}
      error={serverError}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={form.control}
        name="alarmDate"
        label="Date"
        type="date"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: ALARM_MAX_DATE } }}
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="alarmHour"
        label="Hour"
        type="time"
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="duration"
        label="Duration (minutes)"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        fullWidth
      />
      <Controller
        control={form.control}
        name="snooze"
        render={({ field, fieldState }) => (
          <YesNoField
            label="Snooze"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            choices={YES_NO_BOOLEAN}
          />
        )}
      />
      <FormTextField control={form.control} name="regarding" label="Regarding" fullWidth />
      <FormTextField control={form.control} name="detail" label="Detail" multiline minRows={3} fullWidth />
    </FormDialog>
  );
}
